import { inject } from "vitest";

// Runs in every test worker before the test file is imported, so the
// application's modules (lib/server/db/client.ts, config.ts) see these values.
const databaseUrl = new URL(inject("databaseUrl"));
if (databaseUrl.hostname !== "127.0.0.1") {
  throw new Error(`Refusing to run tests against a non-local database (${databaseUrl.hostname})`);
}
process.env.DATABASE_URL = databaseUrl.toString();
process.env.JWT_SECRET = "test-only-jwt-secret-0123456789abcdef0123456789";
process.env.ENCRYPTION_KEY = "test-only-encryption-key-0123456789abcdef";
process.env.APP_TIMEZONE = "Europe/Zurich";
delete process.env.TRUST_PROXY;
