/**
 * An error of the browser's own whose message is meant for the user as it stands (offline, a blocked permission):
 * `errorMessage` (./api.ts) shows it instead of the screen's general failure text.
 */
export class UserMessageError extends Error {
  override name = "UserMessageError";
}
