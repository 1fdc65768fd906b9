"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { useResource } from "@/lib/client/use-resource";
import { classNames } from "@/lib/shared/class-names";
import type { WebhookDto } from "@/lib/shared/schemas/webhook";
import { WEBHOOK_EVENTS } from "@/lib/shared/webhook-events";
import {
  testResultText,
  WEBHOOK_EVENT_LABELS,
  webhookDisabledText,
  webhookHealth,
  webhookLastSuccessText,
  webhookStatusText,
  webhookTitle,
  type WebhookHealth,
} from "./webhook-text";

// The dialogs (the form's checks with zod, the log) load when they are opened, not with the page.
const WebhookDialog = dynamic(() => import("./WebhookDialog").then((m) => m.WebhookDialog));
const WebhookLogDialog = dynamic(() => import("./WebhookLogDialog").then((m) => m.WebhookLogDialog));

const CREATE_BUTTON_ID = "webhook-create";

const STATUS_STYLES: Record<WebhookHealth, string> = {
  active: "bg-emerald-100 text-emerald-900",
  failing: "bg-red-100 text-red-900",
  off: "bg-slate-200 text-slate-800",
  disabled: "bg-red-100 text-red-900",
};

/** The one dialog open: one value, not a boolean per dialog (like the planner's `OpenDialog`). */
type OpenDialog =
  | { kind: "create" }
  | { kind: "edit"; hook: WebhookDto }
  | { kind: "log"; hook: WebhookDto }
  | { kind: "delete"; hook: WebhookDto };

/** What a card's button is doing now. */
type Busy = { id: number; kind: "test" | "toggle" };

/** A test's answer, shown in the card until the next one. */
type TestResult = { ok: boolean; text: string };

/** A focus that survives the re-render a dialog's closing or a reload causes. */
function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

const buttonId = (hook: WebhookDto, what: "edit" | "log") => `webhook-${hook.id}-${what}`;

/**
 * "Webhooks" on Integrationen (docs/PRODUCT-RULES.md §37.6): the hooks with their events and health; add one (its
 * secret shown once), change it, test it, read its log, switch it off and on, delete it.
 */
export function WebhooksSection() {
  const hooks = useResource((signal) => api.get("/webhooks", signal), "Fehler beim Laden der Webhooks");
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [tests, setTests] = useState<Record<number, TestResult>>({});

  function closeDialog(focusId: string) {
    setOpen(null);
    focusSoon(focusId);
  }

  // The buttons stay enabled while a request runs (a disabled button would drop the focus): a click then does nothing.
  async function sendTest(hook: WebhookDto) {
    if (busy) return;
    setBusy({ id: hook.id, kind: "test" });
    try {
      const delivery = await api.post(`/webhooks/${hook.id}/test`);
      const result = { ok: delivery.status === "succeeded", text: testResultText(delivery) };
      setTests((current) => ({ ...current, [hook.id]: result }));
      if (result.ok) notify.success(result.text);
      else notify.error(result.text);
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Senden des Tests"));
    } finally {
      setBusy(null);
    }
  }

  async function toggle(hook: WebhookDto) {
    if (busy) return;
    setBusy({ id: hook.id, kind: "toggle" });
    try {
      await api.put(`/webhooks/${hook.id}`, {
        name: hook.name,
        url: hook.url,
        events: hook.events,
        active: !hook.active,
      });
      notify.success(hook.active ? "Webhook ausgeschaltet!" : "Webhook eingeschaltet!");
      await hooks.reload();
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Speichern"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="webhooks-title" className="max-w-4xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl space-y-1">
          <h2 id="webhooks-title" className="text-lg font-semibold text-slate-900">
            Webhooks
          </h2>
          <p className="text-sm text-slate-600">
            Schichtwerk meldet Änderungen sofort an andere Systeme: jede Meldung ist signiert und wird bei Fehlern 24
            Stunden lang wiederholt.
          </p>
          <p className="text-sm text-slate-600">
            Welche Ereignisse es gibt und was jede Meldung enthält, steht in der{" "}
            <a href="/api-docs" className="font-medium whitespace-nowrap text-accent-dark underline underline-offset-2">
              API-Dokumentation
            </a>
            .
          </p>
        </div>
        <Button id={CREATE_BUTTON_ID} onClick={() => setOpen({ kind: "create" })}>
          Webhook hinzufügen
        </Button>
      </div>
      <WhenLoaded resource={hooks} failedTitle="Die Webhooks konnten nicht geladen werden.">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="Noch keine Webhooks.">
              Füge einen hinzu, damit ein anderes System von Änderungen sofort erfährt.
            </EmptyState>
          ) : (
            <ul aria-label="Webhooks" className="space-y-3">
              {list.map((hook) => (
                <WebhookCard
                  key={hook.id}
                  hook={hook}
                  busy={busy?.id === hook.id ? busy.kind : null}
                  test={tests[hook.id]}
                  onTest={() => void sendTest(hook)}
                  onToggle={() => void toggle(hook)}
                  onOpen={(kind) => setOpen({ kind, hook })}
                />
              ))}
            </ul>
          )
        }
      </WhenLoaded>
      {open?.kind === "create" && (
        <WebhookDialog onSaved={() => void hooks.reload()} onClose={() => closeDialog(CREATE_BUTTON_ID)} />
      )}
      {open?.kind === "edit" && (
        <WebhookDialog
          hook={open.hook}
          onSaved={() => void hooks.reload()}
          onClose={() => closeDialog(buttonId(open.hook, "edit"))}
        />
      )}
      {open?.kind === "log" && (
        <WebhookLogDialog hook={open.hook} onClose={() => closeDialog(buttonId(open.hook, "log"))} />
      )}
      <ConfirmDelete
        item={open?.kind === "delete" ? open.hook : null}
        title={open?.kind === "delete" ? `Webhook «${webhookTitle(open.hook)}» löschen?` : ""}
        message="Das System bekommt keine Meldungen mehr; solche, die noch warten, entfallen."
        detail={() => "Das Protokoll wird mit gelöscht. Das lässt sich nicht rückgängig machen."}
        remove={(hook) => api.delete(`/webhooks/${hook.id}`)}
        success="Webhook gelöscht!"
        onClose={() => {
          // Cancelled: back to the card's own button; deleted, the card is gone: to "Webhook hinzufügen".
          const hook = open?.kind === "delete" ? open.hook : null;
          setOpen(null);
          if (hook) focusSoon(`webhook-${hook.id}-delete`);
        }}
        onDeleted={async () => {
          await hooks.reload();
          focusSoon(CREATE_BUTTON_ID);
        }}
      />
    </section>
  );
}

type CardProps = {
  hook: WebhookDto;
  busy: Busy["kind"] | null;
  test: TestResult | undefined;
  onTest: () => void;
  onToggle: () => void;
  onOpen: (kind: "edit" | "log" | "delete") => void;
};

function WebhookCard({ hook, busy, test, onTest, onToggle, onOpen }: CardProps) {
  const health = webhookHealth(hook);
  const muted = !hook.active;
  const title = webhookTitle(hook);
  const disabledText = webhookDisabledText(hook);
  return (
    <li
      id={`webhook-${hook.id}`}
      className={classNames(
        "space-y-3 rounded-xl border p-4",
        muted ? "border-slate-200 bg-slate-50 text-slate-600" : "border-slate-200 bg-white",
      )}
    >
      <div className="min-w-0 space-y-2">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className={classNames("font-medium break-words", muted ? "text-slate-700" : "text-slate-900")}>
            {title}
          </span>
          <span className={classNames("rounded-full px-2.5 py-0.5 text-xs font-medium", STATUS_STYLES[health])}>
            {webhookStatusText(hook)}
          </span>
        </p>
        {disabledText && <p className="text-sm text-red-700">{disabledText}</p>}
        <p className="font-mono text-sm break-all text-slate-700">{hook.url}</p>
        <ul aria-label="Ereignisse" className="flex flex-wrap gap-1.5">
          {WEBHOOK_EVENTS.filter((event) => hook.events.includes(event)).map((event) => (
            <li
              key={event}
              title={event}
              className={classNames(
                "rounded-md border px-2 py-0.5 text-xs",
                muted ? "border-slate-200 bg-white text-slate-600" : "border-blue-200 bg-blue-50 text-blue-900",
              )}
            >
              {WEBHOOK_EVENT_LABELS[event]}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">{webhookLastSuccessText(hook.last_success_at)}</p>
        <p aria-live="polite" className="text-sm empty:hidden">
          {test && <span className={test.ok ? "text-emerald-800" : "text-red-700"}>{test.text}</span>}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 max-sm:grid max-sm:grid-cols-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Test senden an «${title}»`}
          aria-busy={busy === "test" || undefined}
          onClick={onTest}
        >
          {busy === "test" ? "Wird gesendet..." : "Test senden"}
        </Button>
        <Button
          id={buttonId(hook, "log")}
          variant="secondary"
          size="sm"
          aria-label={`Protokoll von «${title}»`}
          onClick={() => onOpen("log")}
        >
          Protokoll
        </Button>
        <Button
          id={buttonId(hook, "edit")}
          variant="secondary"
          size="sm"
          aria-label={`Webhook «${title}» bearbeiten`}
          onClick={() => onOpen("edit")}
        >
          Bearbeiten
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Webhook «${title}» ${hook.active ? "ausschalten" : "einschalten"}`}
          aria-busy={busy === "toggle" || undefined}
          onClick={onToggle}
        >
          {busy === "toggle" ? "Wird gespeichert..." : hook.active ? "Ausschalten" : "Einschalten"}
        </Button>
        <Button
          id={`webhook-${hook.id}-delete`}
          variant="secondary"
          size="sm"
          className="sm:ml-auto"
          aria-label={`Webhook «${title}» löschen`}
          onClick={() => onOpen("delete")}
        >
          Löschen
        </Button>
      </div>
    </li>
  );
}
