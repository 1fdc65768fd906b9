"use client";
import { Button } from "@/components/ui/Button";
import { Modal } from "@/components/ui/Modal";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useResource } from "@/lib/client/use-resource";
import { classNames } from "@/lib/shared/class-names";
import type { WebhookDeliveryDto, WebhookDeliveryStatus, WebhookDto } from "@/lib/shared/schemas/webhook";
import {
  DELIVERY_STATUS_TEXT,
  deliveryFactsText,
  formatDeliveryTime,
  WEBHOOK_EVENT_LABELS,
  webhookTitle,
} from "./webhook-text";

const STATUS_STYLES: Record<WebhookDeliveryStatus, string> = {
  succeeded: "bg-emerald-100 text-emerald-900",
  pending: "bg-slate-200 text-slate-800",
  retrying: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
  gave_up: "bg-red-100 text-red-900",
};

type Props = { hook: WebhookDto; onClose: () => void };

/**
 * "Protokoll" (docs/PRODUCT-RULES.md §37.6): the hook's newest 100 deliveries, newest first, each a card (one line
 * of facts on a desk, stacked on a phone); the body as sent, where it is kept, behind "Inhalt anzeigen".
 */
export function WebhookLogDialog({ hook, onClose }: Props) {
  const deliveries = useResource(
    (signal) => api.get(`/webhooks/${hook.id}/deliveries`, signal),
    "Fehler beim Laden des Protokolls",
    String(hook.id),
  );
  const title = webhookTitle(hook);
  return (
    <Modal open title={`Protokoll von «${title}»`} onClose={onClose} size="xl">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">Die letzten 100 Zustellungen, die neueste zuerst.</p>
          <Button
            variant="secondary"
            size="sm"
            className="max-sm:w-full"
            disabled={deliveries.loading}
            onClick={() => void deliveries.reload()}
          >
            {deliveries.loading && deliveries.data ? "Wird geladen..." : "Aktualisieren"}
          </Button>
        </div>
        <WhenLoaded resource={deliveries} failedTitle="Das Protokoll konnte nicht geladen werden.">
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="Noch keine Zustellungen.">
                Mit «Test senden» schickst du eine erste Meldung.
              </EmptyState>
            ) : (
              <ol aria-label="Zustellungen" className="space-y-2">
                {list.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} />
                ))}
              </ol>
            )
          }
        </WhenLoaded>
      </div>
    </Modal>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDeliveryDto }) {
  const failed = delivery.status !== "succeeded" && delivery.status !== "pending";
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900 tabular-nums">{formatDeliveryTime(delivery.created_at)}</span>
        <span className="text-slate-900">{WEBHOOK_EVENT_LABELS[delivery.event]}</span>
        <span className={classNames("rounded-full px-2.5 py-0.5 text-xs font-medium", STATUS_STYLES[delivery.status])}>
          {DELIVERY_STATUS_TEXT[delivery.status]}
        </span>
        <span className="text-slate-600 tabular-nums sm:ml-auto">{deliveryFactsText(delivery)}</span>
      </div>
      {delivery.status === "retrying" && delivery.next_attempt_at && (
        <p className="mt-1 text-slate-700">Nächster Versuch: {formatDeliveryTime(delivery.next_attempt_at)}</p>
      )}
      {delivery.error && (
        <p className={classNames("mt-1 break-words", failed ? "text-red-700" : "text-slate-700")}>{delivery.error}</p>
      )}
      {delivery.payload === null ? (
        <p className="mt-1 text-xs text-slate-500">Inhalt nicht mehr gespeichert.</p>
      ) : (
        <details className="group mt-1">
          <summary
            className={classNames(
              "-mx-1 inline-flex min-h-9 cursor-pointer items-center rounded px-1 font-medium text-accent-dark",
              "max-sm:min-h-11",
            )}
          >
            <span className="group-open:hidden">Inhalt anzeigen</span>
            <span className="hidden group-open:inline">Inhalt ausblenden</span>
          </summary>
          <pre
            tabIndex={0}
            role="region"
            aria-label="Inhalt der Meldung"
            className={classNames(
              "mt-1 max-h-80 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3",
              "font-mono text-xs leading-relaxed text-slate-800",
            )}
          >
            {JSON.stringify(delivery.payload, null, 2)}
          </pre>
        </details>
      )}
    </li>
  );
}
