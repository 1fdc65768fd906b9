import "server-only";

/** Server-side log lines; details of errors go here, never to the client. */
export const log = {
  info(message: string, details?: Record<string, unknown>) {
    console.log(details ? `${message} ${JSON.stringify(details)}` : message);
  },
  error(message: string, error?: unknown) {
    console.error(message, error instanceof Error ? (error.stack ?? error.message) : (error ?? ""));
  },
};
