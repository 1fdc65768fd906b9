/**
 * The history's sentences of webhooks (docs/PRODUCT-RULES.md §37), from the audit row's details: the hook's name
 * (or its URL) as it was then. Never a secret: the rows keep none.
 */

type Details = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

export function describeWebhook(actor: string, action: string, details: Details): string | null {
  const name = text(details.name);
  const url = text(details.url) ?? "(unbekannt)";
  const hook = name ? `den Webhook „${name}“ (${url})` : `den Webhook an ${url}`;
  switch (action) {
    case "webhook.created":
      return `${actor} hat ${hook} angelegt.`;
    case "webhook.updated":
      return `${actor} hat ${hook} geändert${details.secret_rotated ? " und ein neues Geheimnis erzeugt" : ""}.`;
    case "webhook.deleted":
      return `${actor} hat ${hook} gelöscht.`;
    case "webhook.disabled":
      return `${hook.replace(/^den/, "Der")} wurde nach 24 Stunden fehlgeschlagener Zustellungen ausgeschaltet.`;
    default:
      return null;
  }
}
