import "server-only";

/**
 * Settings from the environment. `npm start` (scripts/start.mjs) fills
 * JWT_SECRET and ENCRYPTION_KEY from the data directory when they are unset,
 * so the server itself only ever reads the environment.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (npm start sets it; see README "Konfiguration")`);
  return value;
}

export const config = {
  get jwtSecret(): string {
    return required("JWT_SECRET");
  },
  get encryptionKey(): string {
    return required("ENCRYPTION_KEY");
  },
  get timeZone(): string {
    return process.env.APP_TIMEZONE || "Europe/Zurich";
  },
};
