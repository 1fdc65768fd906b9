import "server-only";

/** What web push is sent with (docs/PRODUCT-RULES.md §33.7). */
export type PushSettings = {
  /** The server's VAPID key pair (P-256, base64url): the browser subscribes to the public one. */
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for the push services: an https: URL or a mailto: address. */
  subject: string;
};

/**
 * Push is on when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set: `npm start` with the embedded database creates
 * them once in DATA_DIR/secrets (scripts/lib/database.mjs); with DATABASE_URL they come from the environment.
 * The subject is VAPID_SUBJECT, else APP_URL when it is https, else MAIL_FROM's address.
 */
export function pushSettings(env: Record<string, string | undefined> = process.env): PushSettings | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: subjectOf(env) };
}

function subjectOf(env: Record<string, string | undefined>): string {
  const subject = env.VAPID_SUBJECT?.trim();
  if (subject) return subject;
  const appUrl = env.APP_URL?.trim();
  if (appUrl?.startsWith("https://")) return new URL(appUrl).origin;
  const address = env.MAIL_FROM?.match(/<([^<>@\s]+@[^<>\s]+)>|^\s*([^<>@\s]+@[^<>\s]+)\s*$/);
  if (address) return `mailto:${address[1] ?? address[2]}`;
  // Accepted by the push services of Chrome and Firefox; Apple's wants a real address or site (README).
  return "mailto:schichtwerk@example.invalid";
}
