import "server-only";

/** A message of the inbox as it is stored (docs/PRODUCT-RULES.md §33.1). */
export type StoredNotification = { id: number; title: string; lines: string[]; link: string };

export type Mail = { subject: string; text: string; html: string };

/** What a link of the app is called when the mail cannot link to it (no APP_URL). */
const SCREEN_NAMES: Record<string, string> = { "/me": "Meine Schichten", "/notifications": "Mitteilungen" };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/**
 * The e-mail of a message (docs/PRODUCT-RULES.md §33.5): the same German texts as the inbox — the title as subject,
 * one line per detail (each change with weekday, date, time and location) — as plain text and as simple HTML, and a
 * link into the app. Pure, so its text is tested without a mail server.
 */
export function notificationMail(notification: StoredNotification, appUrl: string | null): Mail {
  const url = appUrl ? `${appUrl}${notification.link}` : null;
  const screen = SCREEN_NAMES[notification.link] ?? "Schichtwerk";
  const open = url ? `Ansehen: ${url}` : `In Schichtwerk unter «${screen}».`;
  const text = [notification.title, "", ...notification.lines, "", open, "", FOOTER].join("\n");
  const html = [
    '<!doctype html><html lang="de"><body style="font-family:system-ui,sans-serif;color:#111827">',
    `<h1 style="font-size:18px">${escapeHtml(notification.title)}</h1>`,
    notification.lines.length
      ? `<ul>${notification.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`
      : "",
    url
      ? `<p><a href="${escapeHtml(url)}">${escapeHtml(screen)} ansehen</a></p>`
      : `<p>${escapeHtml(`In Schichtwerk unter «${screen}».`)}</p>`,
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(FOOTER)}</p>`,
    "</body></html>",
  ].join("");
  return { subject: notification.title, text, html };
}

const FOOTER =
  "Diese E-Mail kommt von Schichtwerk. Abbestellen: unter «Einstellungen & 2FA», Abschnitt «Mitteilungen».";
