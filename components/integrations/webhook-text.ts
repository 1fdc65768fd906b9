import { formatTimestamp } from "@/lib/shared/format";
import type {
  DeliveredEvent,
  WebhookDeliveryDto,
  WebhookDeliveryStatus,
  WebhookDto,
} from "@/lib/shared/schemas/webhook";

/** The words of the section «Webhooks» on "Integrationen" (docs/PRODUCT-RULES.md §37.6). */
export const WEBHOOK_EVENT_LABELS: Record<DeliveredEvent, string> = {
  "shift.created": "Schicht angelegt",
  "shift.updated": "Schicht geändert",
  "shift.deleted": "Schicht gelöscht",
  "schedule.published": "Plan veröffentlicht",
  "vacation.requested": "Ferien beantragt",
  "vacation.approved": "Ferien genehmigt",
  "vacation.rejected": "Ferien abgelehnt",
  "time_entry.created": "Zeiteintrag erfasst",
  "time_entry.updated": "Zeiteintrag geändert",
  "timesheet.approved": "Monat genehmigt",
  "swap.approved": "Tausch freigegeben",
  ping: "Test",
};

export const DELIVERY_STATUS_TEXT: Record<WebhookDeliveryStatus, string> = {
  pending: "Ausstehend",
  retrying: "Wird wiederholt",
  succeeded: "Zugestellt",
  failed: "Fehlgeschlagen",
  gave_up: "Aufgegeben",
};

/** What the list and the dialogs call a hook: its name, else its URL's host. */
export function webhookTitle(hook: Pick<WebhookDto, "name" | "url">): string {
  if (hook.name) return hook.name;
  try {
    return new URL(hook.url).host;
  } catch {
    return hook.url;
  }
}

export type WebhookHealth = "active" | "failing" | "off" | "disabled";

/** Which of the four states the card shows: switched off after 24 h of failures, by hand, failing, or fine. */
export function webhookHealth(hook: Pick<WebhookDto, "active" | "failing_since" | "disabled_at">): WebhookHealth {
  if (!hook.active) return hook.disabled_at ? "disabled" : "off";
  return hook.failing_since ? "failing" : "active";
}

/** The card's badge: "Aktiv", "Fehler seit 29.11.2026 14:05" or "Ausgeschaltet" (by an admin or by the app). */
export function webhookStatusText(hook: Pick<WebhookDto, "active" | "failing_since" | "disabled_at">): string {
  switch (webhookHealth(hook)) {
    case "disabled":
    case "off":
      return "Ausgeschaltet";
    case "failing":
      return `Fehler seit ${formatTimestamp(hook.failing_since!)}`;
    default:
      return "Aktiv";
  }
}

/**
 * Under the badge of a hook the app switched off (§37.3): "Ausgeschaltet nach 24 Stunden Fehlern am 30.11.2026
 * 14:05." and what to do; null for any other hook.
 */
export function webhookDisabledText(hook: Pick<WebhookDto, "active" | "disabled_at">): string | null {
  if (hook.active || !hook.disabled_at) return null;
  return (
    `Ausgeschaltet nach 24 Stunden Fehlern am ${formatTimestamp(hook.disabled_at)}. Nach der Behebung wieder ` +
    "einschalten; Ereignisse seither werden nicht nachgeliefert."
  );
}

/** "Zuletzt erfolgreich: 29.11.2026 14:05" or "Noch nie erfolgreich zugestellt". */
export function webhookLastSuccessText(lastSuccessAt: string | null): string {
  return lastSuccessAt === null
    ? "Noch nie erfolgreich zugestellt"
    : `Zuletzt erfolgreich: ${formatTimestamp(lastSuccessAt)}`;
}

/** The answer of "Test senden": "Test zugestellt: HTTP 200 in 35 ms" or "Test fehlgeschlagen: Verbindung abgelehnt". */
export function testResultText(
  delivery: Pick<WebhookDeliveryDto, "status" | "response_status" | "duration_ms" | "error">,
): string {
  if (delivery.status === "succeeded") {
    const status = delivery.response_status === null ? "" : `HTTP ${delivery.response_status}`;
    const time = delivery.duration_ms === null ? "" : `in ${delivery.duration_ms} ms`;
    return ["Test zugestellt:", status, time].filter(Boolean).join(" ");
  }
  const reason = delivery.error ?? (delivery.response_status ? `HTTP ${delivery.response_status}` : "ohne Antwort");
  return `Test fehlgeschlagen: ${reason}`;
}

/** "29.11.2026 14:05:09": a delivery's time in the log, to the second (several may come in one minute). */
export function formatDeliveryTime(isoTimestamp: string): string {
  return formatTimestamp(isoTimestamp, { seconds: true });
}

/** The facts of a delivery's last try in one line: "2 Versuche · HTTP 500 · 35 ms". */
export function deliveryFactsText(
  delivery: Pick<WebhookDeliveryDto, "attempts" | "response_status" | "duration_ms">,
): string {
  return [
    delivery.attempts === 1 ? "1 Versuch" : `${delivery.attempts} Versuche`,
    delivery.response_status === null ? null : `HTTP ${delivery.response_status}`,
    delivery.duration_ms === null ? null : `${delivery.duration_ms} ms`,
  ]
    .filter(Boolean)
    .join(" · ");
}
