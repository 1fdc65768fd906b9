import "server-only";

/** What the service worker shows (public/… see docs/PRODUCT-RULES.md §33.7): the inbox message's own texts. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/**
 * A push service takes about 4 kB of encrypted payload: a long message (a publication with many changes) is cut
 * after whole lines, with "… und n weitere" — the inbox, where the link leads, has them all.
 */
const MAX_BODY = 1500;

export function pushPayload(notification: { id: number; title: string; lines: string[]; link: string }): PushPayload {
  const lines: string[] = [];
  let length = 0;
  for (const [index, line] of notification.lines.entries()) {
    if (length + line.length + 1 > MAX_BODY) {
      lines.push(`… und ${notification.lines.length - index} weitere`);
      break;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return {
    title: notification.title,
    body: lines.join("\n"),
    url: notification.link,
    // One notification per message on the device: a repeat replaces it instead of showing twice.
    tag: `notification-${notification.id}`,
  };
}
