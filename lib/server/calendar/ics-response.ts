import "server-only";
import type { CalendarFeed } from "./find-calendar-feed";

/**
 * The feed as an answer: calendar apps poll it, so a matching If-None-Match (or "*") gets 304 without a body.
 * `private, max-age=0`: the link is a credential, no shared cache may keep it, and every poll revalidates.
 */
export function icsResponse(request: Request, { ics, etag }: CalendarFeed): Response {
  const headers = { ETag: etag, "Cache-Control": "private, max-age=0" };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch) {
    const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
    if (tags.includes(etag) || tags.includes("*")) return new Response(null, { status: 304, headers });
  }
  return new Response(ics, { headers: { ...headers, "Content-Type": "text/calendar; charset=utf-8" } });
}
