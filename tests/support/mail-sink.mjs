// @ts-check
// A real SMTP server for the benchmarks and the end-to-end tests (smtp-server): accepts every mail on a free port on
// 127.0.0.1 and notes when each recipient's mail arrived (P19: how long the queue takes; scale-out: once each).
import { SMTPServer } from "smtp-server";
import { freePort } from "../../scripts/lib/free-port.mjs";

/** @typedef {{ url: string, arrivals: Map<string, number[]>, stop: () => Promise<void> }} MailSink */

/** @returns {Promise<MailSink>} */
export async function startMailSink() {
  /** @type {Map<string, number[]>} recipient → arrival times (performance.now()) */
  const arrivals = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const { address } of session.envelope.rcptTo) {
          arrivals.set(address, [...(arrivals.get(address) ?? []), performance.now()]);
        }
        done();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
