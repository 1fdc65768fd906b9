import type { LookupAddress } from "node:dns";
import { describe, expect, test } from "vitest";
import { addressProblem, assertPublicUrl, resolveHost } from "./ssrf-guard";

const SUFFIX = " Webhooks gehen nur an öffentliche Adressen (WEBHOOK_ALLOW_PRIVATE=1 erlaubt private).";

/** A resolver answering every name with these addresses. */
const answering = (...addresses: string[]) =>
  ((_host: string, _options: unknown, callback: (error: null, all: LookupAddress[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    )) as unknown as typeof import("node:dns").lookup;

describe("the SSRF guard (docs/PRODUCT-RULES.md §37.4)", () => {
  test.each([
    ["127.0.0.1", "eine Loopback-Adresse"],
    ["127.8.9.10", "eine Loopback-Adresse"],
    ["::1", "eine Loopback-Adresse"],
    ["10.0.0.1", "eine private Adresse"],
    ["172.31.255.1", "eine private Adresse"],
    ["192.168.0.10", "eine private Adresse"],
    ["fd00::1", "eine private Adresse"],
    ["169.254.169.254", "die Metadaten-Adresse der Cloud"],
    ["169.254.1.1", "eine link-lokale Adresse"],
    ["fe80::1", "eine link-lokale Adresse"],
    ["0.0.0.0", "keine echte Zieladresse"],
    ["::", "keine echte Zieladresse"],
    ["224.0.0.1", "eine Multicast-Adresse"],
    ["255.255.255.255", "eine Broadcast-Adresse"],
    ["100.64.0.1", "eine Adresse eines Provider-NAT"],
    ["::ffff:127.0.0.1", "eine Loopback-Adresse"],
    ["::ffff:169.254.169.254", "die Metadaten-Adresse der Cloud"],
  ])("%s is %s", (address, what) => {
    expect(addressProblem(address)).toBe(`Diese Adresse ist nicht erlaubt: ${address} ist ${what}.${SUFFIX}`);
  });

  test.each(["9.9.9.9", "172.32.0.1", "2a00:1450:4001:80b::200e", "::ffff:9.9.9.9"])("%s is public", (address) => {
    expect(addressProblem(address)).toBeNull();
  });

  test("a name is judged by every address it resolves to", async () => {
    const guard = { allowPrivate: false };
    await expect(
      assertPublicUrl(new URL("https://hooks.example/x"), { ...guard, lookup: answering("9.9.9.9") }),
    ).resolves.toBeUndefined();
    await expect(
      assertPublicUrl(new URL("https://hooks.example/x"), { ...guard, lookup: answering("9.9.9.9", "10.1.2.3") }),
    ).rejects.toThrow(`Diese Adresse ist nicht erlaubt: 10.1.2.3 ist eine private Adresse.${SUFFIX}`);
    await expect(
      assertPublicUrl(new URL("https://hooks.example/x"), { allowPrivate: true, lookup: answering("10.1.2.3") }),
    ).resolves.toBeUndefined();
  });

  test("a name that does not resolve is refused", async () => {
    const failing = ((_host: string, _options: unknown, callback: (error: Error) => void) =>
      callback(Object.assign(new Error("nope"), { code: "ENOTFOUND" }))) as unknown as typeof import("node:dns").lookup;
    await expect(resolveHost("gibt-es-nicht.example", failing)).rejects.toThrow(
      "Der Host gibt-es-nicht.example lässt sich nicht auflösen.",
    );
  });
});
