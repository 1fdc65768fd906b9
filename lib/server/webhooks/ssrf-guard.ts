import "server-only";
import { lookup as dnsLookup } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { config } from "@/lib/server/config";

// The SSRF guard of webhooks (docs/PRODUCT-RULES.md §37): a hook may only reach public addresses, checked at
// registration and again at every delivery, after DNS resolution and on every redirect hop. Two layers: our own
// check gives the German refusal before a connection is tried; request-filtering-agent, the HTTP agent of every hop,
// checks the address the socket actually connects to, so a name that resolves to a public address at the check and
// to a private one a moment later (DNS rebinding) is still refused.

/** dns.lookup's shape: tests pass their own resolver instead of editing /etc/hosts. */
export type LookupFunction = typeof dnsLookup;

export type GuardOptions = {
  /** WEBHOOK_ALLOW_PRIVATE=1: every address is allowed (tests, internal set-ups). */
  allowPrivate: boolean;
  lookup?: LookupFunction;
  /**
   * Test only, never set by the app: a hop this accepts is not checked. The redirect test lets its receiver on
   * 127.0.0.1 be the first hop, so that the redirect to another loopback port is what the guard must refuse.
   */
  exempt?: (url: URL) => boolean;
};

/** The guard as the app runs it. */
export function guardOptions(): GuardOptions {
  return { allowPrivate: config.webhookAllowPrivate };
}

/** A refusal with its German text, shown to the admin at registration and kept as a delivery's error. */
export class RefusedAddressError extends Error {
  override name = "RefusedAddressError";
}

const RANGE_TEXT: Record<string, string> = {
  loopback: "eine Loopback-Adresse",
  private: "eine private Adresse",
  uniqueLocal: "eine private Adresse",
  linkLocal: "eine link-lokale Adresse",
  unspecified: "keine echte Zieladresse",
  multicast: "eine Multicast-Adresse",
  broadcast: "eine Broadcast-Adresse",
  carrierGradeNat: "eine Adresse eines Provider-NAT",
};
const METADATA = new Set(["169.254.169.254", "fd00:ec2::254"]);

/** Why an address may not be reached, in German; null for a public (unicast) address. */
export function addressProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return `Diese Adresse ist nicht erlaubt: ${address} ist keine IP-Adresse.`;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judged as the IPv4 address it stands for.
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  const range = parsed.range();
  if (range === "unicast") return null;
  const what = METADATA.has(parsed.toString())
    ? "die Metadaten-Adresse der Cloud"
    : (RANGE_TEXT[range] ?? "eine reservierte Adresse");
  return (
    `Diese Adresse ist nicht erlaubt: ${address} ist ${what}. Webhooks gehen nur an öffentliche Adressen ` +
    "(WEBHOOK_ALLOW_PRIVATE=1 erlaubt private)."
  );
}

/** The URL's host as an address or a name ("[::1]" without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

const LOOKUP_TIMEOUT_MS = 5000;

/** Every address the host resolves to (an address is itself). A name that does not resolve is refused. */
export async function resolveHost(host: string, lookup: LookupFunction = dnsLookup): Promise<string[]> {
  if (isIP(host)) return [host];
  const notFound = () => new RefusedAddressError(`Der Host ${host} lässt sich nicht auflösen.`);
  return new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(notFound()), LOOKUP_TIMEOUT_MS);
    lookup(host, { all: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error || !Array.isArray(addresses) || addresses.length === 0) reject(notFound());
      else resolve(addresses.map((entry) => entry.address));
    });
  });
}

/**
 * Refuses a URL whose host resolves to any address that is not public (all of them count: a client may connect to
 * any). Throws RefusedAddressError with the German reason.
 */
export async function assertPublicUrl(url: URL, options: GuardOptions): Promise<void> {
  if (options.allowPrivate || options.exempt?.(url)) return;
  for (const address of await resolveHost(hostOf(url), options.lookup)) {
    const problem = addressProblem(address);
    if (problem) throw new RefusedAddressError(problem);
  }
}

// One agent per protocol and mode, kept alive: deliveries to one receiver reuse their connections (measured in
// lib/server/webhooks/deliver-webhook.test.ts). A reused socket was checked when it connected.
const agents = new Map<string, RequestFilteringHttpAgent | RequestFilteringHttpsAgent>();

/** The filtering agent of a hop (undefined for an exempt test hop: Node's own). */
export function agentFor(url: URL, options: GuardOptions) {
  if (options.exempt?.(url)) return undefined;
  const key = `${url.protocol}${options.allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const filter = {
      allowPrivateIPAddress: options.allowPrivate,
      allowMetaIPAddress: options.allowPrivate,
      keepAlive: true,
      maxSockets: 50,
    };
    agent = url.protocol === "https:" ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
    agents.set(key, agent);
  }
  return agent;
}

/** The agent's own refusal ("DNS lookup 10.0.0.1(family:4, host:x) is not allowed …") as our German text. */
export function agentRefusal(error: unknown): string | null {
  const message = error instanceof Error ? error.message : "";
  const match = /^DNS lookup (\S+?)\(family:.*is not allowed/.exec(message);
  if (!match) return null;
  return addressProblem(match[1]) ?? `Diese Adresse ist nicht erlaubt: ${match[1]}.`;
}
