// @ts-check
// The rules a server refuses to start against, in plain ESM so that
// scripts/start.mjs (no TypeScript step) and the server process itself
// (lib/server/config.ts, at start-up) apply the very same ones.

/** HS256 keys and the 2FA encryption key: anything shorter is guessable. */
export const MIN_SECRET_BYTES = 32;

/** @type {Readonly<Record<string, string>>} */
const PURPOSES = {
  JWT_SECRET: "signiert die Anmelde-Tokens / signs the access tokens",
  ENCRYPTION_KEY: "verschlüsselt die 2FA-Geheimnisse / encrypts the 2FA secrets",
};

/**
 * What is wrong with one secret, as one German + English line; null when it
 * is usable. The value itself is used as given (never trimmed): changing it
 * would sign everybody out or make the stored 2FA secrets unreadable.
 * @param {string} name JWT_SECRET or ENCRYPTION_KEY
 * @param {string | undefined} value
 * @returns {string | null}
 */
export function secretProblem(name, value) {
  const purpose = PURPOSES[name] ?? name;
  if (!value?.trim()) return `${name} fehlt / is not set (${purpose}).`;
  if (Buffer.byteLength(value) < MIN_SECRET_BYTES) {
    return `${name} ist kürzer als ${MIN_SECRET_BYTES} Bytes / is shorter than ${MIN_SECRET_BYTES} bytes (${purpose}).`;
  }
  return null;
}

/**
 * The problems of JWT_SECRET and ENCRYPTION_KEY in `env`; empty when both are usable.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function secretProblems(env) {
  return Object.keys(PURPOSES)
    .map((name) => secretProblem(name, env[name]))
    .filter((problem) => problem !== null);
}

/**
 * The message a refused start prints: what is wrong, why, and how to fix it.
 * @param {string[]} problems
 * @param {string} [reason] why the values must be set explicitly here
 * @returns {string}
 */
export function unsafeConfigurationMessage(problems, reason) {
  return [
    "Unsichere Konfiguration, Start abgebrochen / unsafe configuration, refusing to start:",
    ...problems.map((problem) => `  - ${problem}`),
    ...(reason ? [reason] : []),
    "Erzeuge Werte mit / generate values with:  openssl rand -base64 48",
    'Siehe / see README, "Konfiguration".',
  ].join("\n");
}
