import "server-only";
import type { NewNotification } from "./write-notifications";

/** Where admins manage webhooks. */
export const WEBHOOKS_LINK = "/integrations";

/**
 * A webhook switched off after 24 hours of failed deliveries (docs/PRODUCT-RULES.md §37), to every admin: which
 * hook, the receiver's last answer, and how to switch it on again.
 */
export function webhookDisabled(hook: { name: string | null; url: string; error: string | null }): NewNotification {
  const label = hook.name ?? new URL(hook.url).host;
  return {
    kind: "webhook_disabled",
    title: `Webhook ausgeschaltet: ${label}`.slice(0, 200),
    lines: [
      `Seit 24 Stunden kam keine Zustellung an ${hook.url.slice(0, 300)} an.`,
      ...(hook.error ? [`Letzter Fehler: ${hook.error}`] : []),
      "Nach der Behebung unter «Webhooks» wieder einschalten; Ereignisse seither werden nicht nachgeliefert.",
    ],
    link: WEBHOOKS_LINK,
  };
}
