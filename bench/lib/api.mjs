// @ts-check
// The app's API as the benchmarks sign in to it.

/** @typedef {{ username: string, password: string }} Credentials */
/**
 * What `POST /api/auth/login` answers, and what the app keeps of a login.
 * @typedef {{ accessToken: string, refreshToken: string, user: unknown }} Session
 */

/**
 * `POST /api/auth/login`; fails unless it answers 200 with tokens.
 * @param {string} baseUrl
 * @param {Credentials} credentials
 * @returns {Promise<Session>}
 */
export async function apiLogin(baseUrl, credentials) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || !body.accessToken)
    throw new Error(`login as ${credentials.username} failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}
