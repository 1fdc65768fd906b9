import { afterEach, expect, test } from "vitest";
import { assertSafeConfiguration, config, UnsafeConfigurationError } from "@/lib/server/config";
import { secretProblems } from "@/lib/server/config-rules.mjs";

const long = "x".repeat(32);
const saved = { JWT_SECRET: process.env.JWT_SECRET, ENCRYPTION_KEY: process.env.ENCRYPTION_KEY };
afterEach(() => Object.assign(process.env, saved));

test("32 bytes or more for both secrets is safe", () => {
  expect(secretProblems({ JWT_SECRET: long, ENCRYPTION_KEY: "ä".repeat(16) })).toEqual([]);
  expect(() => assertSafeConfiguration({ JWT_SECRET: long, ENCRYPTION_KEY: long })).not.toThrow();
});

test("a missing, blank or short secret is named, in German and English, with its purpose", () => {
  const problems = secretProblems({ JWT_SECRET: "   ", ENCRYPTION_KEY: "x".repeat(31) });
  expect(problems).toHaveLength(2);
  expect(problems[0]).toMatch(/^JWT_SECRET fehlt \/ is not set \(signiert/);
  expect(problems[1]).toMatch(/^ENCRYPTION_KEY ist kürzer als 32 Bytes \/ is shorter than 32 bytes/);
  expect(secretProblems({})).toEqual([
    expect.stringMatching(/^JWT_SECRET fehlt/),
    expect.stringMatching(/^ENCRYPTION_KEY fehlt/),
  ]);
});

test("bytes count, not characters: 16 umlauts are 32 bytes, 31 ASCII characters are not", () => {
  expect(secretProblems({ JWT_SECRET: "ü".repeat(16), ENCRYPTION_KEY: long })).toEqual([]);
  expect(secretProblems({ JWT_SECRET: "a".repeat(31), ENCRYPTION_KEY: long })).toHaveLength(1);
});

test("the start-up check throws one message that says how to fix it", () => {
  let thrown: unknown;
  try {
    assertSafeConfiguration({ JWT_SECRET: "kurz", ENCRYPTION_KEY: undefined });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(UnsafeConfigurationError);
  const message = (thrown as Error).message;
  expect(message).toContain("Unsichere Konfiguration, Start abgebrochen / unsafe configuration, refusing to start");
  expect(message).toContain("JWT_SECRET ist kürzer als 32 Bytes");
  expect(message).toContain("ENCRYPTION_KEY fehlt");
  expect(message).toContain("openssl rand -base64 48");
});

test("the getters never hand out a short key, and hand out a good one unchanged (no trimming)", () => {
  process.env.JWT_SECRET = "short";
  expect(() => config.jwtSecret).toThrow(/JWT_SECRET ist kürzer/);
  delete process.env.ENCRYPTION_KEY;
  expect(() => config.encryptionKey).toThrow(/ENCRYPTION_KEY fehlt/);
  process.env.ENCRYPTION_KEY = ` ${long} `;
  expect(config.encryptionKey).toBe(` ${long} `);
});
