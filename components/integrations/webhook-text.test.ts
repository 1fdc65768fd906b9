import { describe, expect, test } from "vitest";
import { WEBHOOK_EVENTS } from "@/lib/shared/webhook-events";
import {
  deliveryFactsText,
  formatDeliveryTime,
  testResultText,
  WEBHOOK_EVENT_LABELS,
  webhookDisabledText,
  webhookHealth,
  webhookLastSuccessText,
  webhookStatusText,
  webhookTitle,
} from "./webhook-text";

const noon = "2026-12-01T12:00:00.000Z";
const healthy = { active: true, failing_since: null, disabled_at: null };

describe("webhook texts", () => {
  test("every event has its own German label", () => {
    expect(WEBHOOK_EVENT_LABELS["shift.created"]).toBe("Schicht angelegt");
    expect(WEBHOOK_EVENT_LABELS["swap.approved"]).toBe("Tausch freigegeben");
    expect(new Set(WEBHOOK_EVENTS.map((event) => WEBHOOK_EVENT_LABELS[event])).size).toBe(WEBHOOK_EVENTS.length);
  });

  test("a hook is named by its name, else its URL's host", () => {
    expect(webhookTitle({ name: "Kasse", url: "https://hooks.example.ch/x" })).toBe("Kasse");
    expect(webhookTitle({ name: null, url: "https://hooks.example.ch:8443/x" })).toBe("hooks.example.ch:8443");
  });

  test("health: active, failing, switched off by hand, switched off by the app", () => {
    expect(webhookHealth(healthy)).toBe("active");
    expect(webhookStatusText(healthy)).toBe("Aktiv");
    const failing = { ...healthy, failing_since: noon };
    expect(webhookHealth(failing)).toBe("failing");
    expect(webhookStatusText(failing)).toMatch(/^Fehler seit 01\.12\.2026 \d\d:00$/);
    // Switched off by an admin while failing: off, not failing.
    const off = { ...failing, active: false };
    expect(webhookHealth(off)).toBe("off");
    expect(webhookStatusText(off)).toBe("Ausgeschaltet");
    expect(webhookDisabledText(off)).toBeNull();
    const disabled = { active: false, failing_since: noon, disabled_at: noon };
    expect(webhookHealth(disabled)).toBe("disabled");
    expect(webhookStatusText(disabled)).toBe("Ausgeschaltet");
    expect(webhookDisabledText(disabled)).toMatch(
      /^Ausgeschaltet nach 24 Stunden Fehlern am 01\.12\.2026 \d\d:00\. Nach der Behebung wieder einschalten;/,
    );
  });

  test("last success, the test's answer, a delivery's facts and time", () => {
    expect(webhookLastSuccessText(null)).toBe("Noch nie erfolgreich zugestellt");
    expect(webhookLastSuccessText(noon)).toMatch(/^Zuletzt erfolgreich: 01\.12\.2026 \d\d:00$/);
    const answer = { status: "succeeded", response_status: 200, duration_ms: 35, error: null } as const;
    expect(testResultText(answer)).toBe("Test zugestellt: HTTP 200 in 35 ms");
    expect(testResultText({ ...answer, status: "failed", response_status: null, error: "Verbindung abgelehnt" })).toBe(
      "Test fehlgeschlagen: Verbindung abgelehnt",
    );
    expect(testResultText({ ...answer, status: "failed", response_status: 500, error: null })).toBe(
      "Test fehlgeschlagen: HTTP 500",
    );
    expect(deliveryFactsText({ attempts: 1, response_status: 200, duration_ms: 35 })).toBe(
      "1 Versuch · HTTP 200 · 35 ms",
    );
    expect(deliveryFactsText({ attempts: 3, response_status: null, duration_ms: null })).toBe("3 Versuche");
    expect(formatDeliveryTime("2026-12-01T12:00:09.000Z")).toMatch(/^01\.12\.2026 \d\d:00:09$/);
  });
});
