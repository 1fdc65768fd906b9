import { generate } from "otplib";
import { describe, expect, test } from "vitest";
import { checkTotp, newTotpSecret } from "./totp";

// RFC 6238 appendix B, SHA-1 seed; our codes are 6 digits, i.e. the last six
// digits of the RFC's 8-digit values.
const RFC_SECRET = new TextEncoder().encode("12345678901234567890");
const RFC_VECTORS: [number, string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("TOTP verifier", () => {
  test.each(RFC_VECTORS)("RFC 6238 vector at T=%i accepts %s", async (time, code) => {
    expect(await checkTotp({ secret: RFC_SECRET, code, now: time })).toMatchObject({
      valid: true,
      timeStep: Math.floor(time / 30),
    });
  });

  test("accepts one step back and forward, not two", async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000;
    for (const [offset, valid] of [
      [-60, false],
      [-30, true],
      [0, true],
      [30, true],
      [60, false],
    ] as const) {
      const code = await generate({ secret, epoch: now + offset, period: 30 });
      expect((await checkTotp({ secret, code, now })).valid, `offset ${offset}`).toBe(valid);
    }
  });

  test("a code is not accepted again once its time step was used", async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000;
    const code = await generate({ secret, epoch: now, period: 30 });
    const first = await checkTotp({ secret, code, now });
    if (!first.valid) throw new Error("expected valid");
    expect(await checkTotp({ secret, code, now, lastUsedStep: first.timeStep })).toEqual({ valid: false });
    // The next step's code is fine.
    const next = await generate({ secret, epoch: now + 30, period: 30 });
    expect((await checkTotp({ secret, code: next, now: now + 30, lastUsedStep: first.timeStep })).valid).toBe(true);
  });

  test("rejects anything but six digits", async () => {
    const secret = newTotpSecret();
    for (const code of ["", "12345", "1234567", "12a456", " 123456"]) {
      expect(await checkTotp({ secret, code })).toEqual({ valid: false });
    }
  });
});
