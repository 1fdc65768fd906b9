import "server-only";

/** Where e-mail goes and what it says it is from (docs/PRODUCT-RULES.md §33.5). */
export type MailSettings = {
  /** The SMTP server as a URL: smtp://user:password@host:587, smtps://… for TLS from the start. */
  smtpUrl: string;
  /** The sender: "Schichtwerk <plan@example.ch>". */
  from: string;
  /** Where the app is reached, for the links in a mail ("https://plan.example.ch"); null: the mail names the screen. */
  appUrl: string | null;
};

/** E-mail is on when SMTP_URL and MAIL_FROM are both set; without them nothing is queued or sent. */
export function mailSettings(env: Record<string, string | undefined> = process.env): MailSettings | null {
  const smtpUrl = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim();
  if (!smtpUrl || !from) return null;
  return { smtpUrl, from, appUrl: env.APP_URL?.trim().replace(/\/+$/, "") || null };
}
