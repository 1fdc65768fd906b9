import "server-only";
import { secretProblem, secretProblems, unsafeConfigurationMessage } from "@/lib/server/config-rules.mjs";

/**
 * Settings from the environment. `npm start` (scripts/start.mjs) fills
 * JWT_SECRET and ENCRYPTION_KEY from the data directory when they are unset
 * and no DATABASE_URL is given, so the server itself only ever reads the
 * environment. The rules live in config-rules.mjs, shared with start.mjs.
 */
export function assertSafeConfiguration(env: Record<string, string | undefined> = process.env): void {
  const problems = secretProblems(env);
  if (problems.length > 0) throw new UnsafeConfigurationError(unsafeConfigurationMessage(problems));
}

export class UnsafeConfigurationError extends Error {
  override name = "UnsafeConfigurationError";
}

function secret(name: "JWT_SECRET" | "ENCRYPTION_KEY"): string {
  // Checked at start-up already (lib/server/startup.ts); checked again here
  // so that no code path ever signs or encrypts with a missing or short key.
  const value = process.env[name];
  const problem = secretProblem(name, value);
  if (problem !== null) throw new UnsafeConfigurationError(unsafeConfigurationMessage([problem]));
  return value!;
}

export const config = {
  get jwtSecret(): string {
    return secret("JWT_SECRET");
  },
  get encryptionKey(): string {
    return secret("ENCRYPTION_KEY");
  },
  get timeZone(): string {
    return process.env.APP_TIMEZONE || "Europe/Zurich";
  },
  /**
   * Seconds the automatic filling may search (docs/PRODUCT-RULES.md §28.2); the best plan found by then is
   * answered. AUTO_FILL_TIME_LIMIT_SECONDS, 1–120, default 10; anything else is the default.
   */
  get autoFillTimeLimitSeconds(): number {
    const value = Number(process.env.AUTO_FILL_TIME_LIMIT_SECONDS);
    return Number.isFinite(value) && value >= 1 && value <= 120 ? value : 10;
  },
  /**
   * WEBHOOK_ALLOW_PRIVATE=1: webhooks may also reach loopback, private and link-local addresses (tests and internal
   * set-ups; docs/PRODUCT-RULES.md §37). Anything else keeps them to public addresses.
   */
  get webhookAllowPrivate(): boolean {
    return process.env.WEBHOOK_ALLOW_PRIVATE === "1";
  },
};
