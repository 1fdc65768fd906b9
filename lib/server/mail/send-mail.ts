import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import type { Mail } from "./notification-mail";
import type { MailSettings } from "./mail-settings";

let transport: { url: string; transporter: Transporter } | null = null;

/** One transporter per process and URL (a connection per mail: the queue sends a few at a time). */
function transporterFor(smtpUrl: string): Transporter {
  if (transport?.url !== smtpUrl) {
    transport?.transporter.close();
    transport = { url: smtpUrl, transporter: nodemailer.createTransport(smtpUrl) };
  }
  return transport.transporter;
}

/**
 * Hands one mail to the SMTP server; throws when it is not accepted (the job is then tried again later).
 * `messageKey` makes the Message-ID stable, so a mail server or reader can tell a repeat from a new mail.
 */
export async function sendMail(settings: MailSettings, to: string, mail: Mail, messageKey: string): Promise<void> {
  const domain = settings.from.match(/@([^>\s]+)/)?.[1] ?? "schichtwerk.invalid";
  await transporterFor(settings.smtpUrl).sendMail({
    from: settings.from,
    to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${messageKey}@${domain}>`,
  });
}
