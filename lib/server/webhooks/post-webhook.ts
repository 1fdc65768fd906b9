import "server-only";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { agentFor, agentRefusal, assertPublicUrl, hostOf, RefusedAddressError, type GuardOptions } from "./ssrf-guard";

/** The whole delivery, redirects included, must be answered within this (docs/PRODUCT-RULES.md §37). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Redirects followed at most; each hop goes through the guard. */
export const MAX_REDIRECTS = 3;
/** The receiver's answer is read up to this much and then dropped: only its status counts. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type PostOutcome = {
  ok: boolean;
  /** The HTTP status of the last hop; null when none answered. */
  status: number | null;
  durationMs: number;
  /** Why it failed, short and German; null on success. */
  error: string | null;
};

export type PostOptions = GuardOptions & { timeoutMs?: number };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class Timeout extends Error {}

/**
 * POSTs the body to the URL and follows up to three redirects by hand, each hop checked by the SSRF guard before it
 * connects and by the filtering agent while it connects. Every redirect is POSTed again with the same body and
 * headers: a delivery is only meaningful as that POST (a receiver that moved answers 301/308). A 2xx of the last hop
 * is success. Never throws.
 */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const deadline = Date.now() + (options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  const outcome = (status: number | null, error: string | null): PostOutcome => ({
    ok: error === null,
    status,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    let answer: { status: number; location: string | undefined };
    try {
      await assertPublicUrl(url, options);
      answer = await postOnce(url, body, headers, options, deadline);
    } catch (error) {
      return outcome(null, failureText(error, url, options.timeoutMs ?? DELIVERY_TIMEOUT_MS));
    }
    const { status, location } = answer;
    if (REDIRECTS.has(status) && location) {
      if (hop >= MAX_REDIRECTS) return outcome(status, `Zu viele Weiterleitungen (höchstens ${MAX_REDIRECTS})`);
      const next = URL.parse(location, url);
      if (!next || (next.protocol !== "http:" && next.protocol !== "https:"))
        return outcome(status, "Weiterleitung an eine ungültige Adresse");
      url = next;
      continue;
    }
    return outcome(status, status >= 200 && status < 300 ? null : `HTTP ${status}`);
  }
}

function postOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
  deadline: number,
): Promise<{ status: number; location: string | undefined }> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  const bytes = Buffer.from(body, "utf8");
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new Timeout());
    const timer = setTimeout(() => req.destroy(new Timeout()), remaining);
    const req = request(
      url,
      {
        method: "POST",
        agent: agentFor(url, options),
        ...(options.lookup && { lookup: options.lookup }),
        headers: { ...headers, "Content-Length": String(bytes.length) },
      },
      (res: IncomingMessage) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          // Enough to know the receiver answered; the rest is not ours to wait for.
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const done = () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        };
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(bytes);
  });
}

const CODES: Record<string, string> = {
  ECONNREFUSED: "Verbindung abgelehnt",
  ECONNRESET: "Verbindung abgebrochen",
  EPIPE: "Verbindung abgebrochen",
  EHOSTUNREACH: "Host nicht erreichbar",
  ENETUNREACH: "Netz nicht erreichbar",
  ETIMEDOUT: "Zeitüberschreitung beim Verbinden",
};

/** A failed hop in a few German words, for the delivery log. */
function failureText(error: unknown, url: URL, timeoutMs: number): string {
  if (error instanceof RefusedAddressError) return error.message;
  if (error instanceof Timeout) return `Keine Antwort innerhalb von ${Math.round(timeoutMs / 1000)} s`;
  const refused = agentRefusal(error);
  if (refused) return refused;
  const code = (error as { code?: unknown })?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `Der Host ${hostOf(url)} lässt sich nicht auflösen.`;
  if (typeof code === "string" && CODES[code]) return CODES[code];
  if (typeof code === "string" && /CERT|SSL|TLS/.test(code)) return `TLS-Fehler (${code})`;
  const message = error instanceof Error ? error.message : String(error);
  return `Fehler: ${typeof code === "string" ? code : message}`.slice(0, 300);
}
