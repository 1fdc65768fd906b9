import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, test, vi } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { ownDatabase } from "@/tests/support/own-database";

// E-mail end to end (docs/PRODUCT-RULES.md §33.5): a real SMTP server started here receives what the job runner
// sends after a publication; each mail is parsed and checked. A database of its own: the queue's jobs are counted.
const databaseUrl = await ownDatabase("schichtwerk_mail");
process.env.DATABASE_URL = databaseUrl;
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { addDays, mondayOf, todayIn } = await import("@/lib/shared/dates");
const { formatDayMonth } = await import("@/lib/shared/format");
const { periodText } = await import("@/lib/server/notifications/messages");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { createJobRunner } = await import("@/lib/server/jobs/job-runner");
const { POST: createShift } = await import("@/app/api/shifts/route");
const { POST: publish } = await import("@/app/api/schedule/publish/route");
const { POST: approve } = await import("@/app/api/timesheets/approve/route");
const { POST: offerSwap } = await import("@/app/api/swaps/route");
const { GET: mailStatus } = await import("@/app/api/mail-status/route");
const { mailStatusSchema } = await import("@/lib/shared/schemas/notification");

const smtpPort = await freePort();
const received: ParsedMail[] = [];

/** A mail server on smtpPort that keeps every mail it accepts, parsed. */
async function startSmtp(): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, "127.0.0.1", resolve));
  return server;
}
const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
process.env.MAIL_FROM = "Schichtwerk <plan@example.ch>";
process.env.APP_URL = "https://plan.example.ch/";

const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
const boss = await createUser("manager");
const location = await fx.location({ name: "Bahnhof" });

async function waiter(firstName: string, email: string | null, wantsMail: boolean) {
  return (await signedInWaiter(firstName, email, wantsMail)).employee;
}

async function signedInWaiter(firstName: string, email: string | null, wantsMail: boolean) {
  const employee = await fx.employee({ firstName });
  const { user, token } = await createUser("user", { employeeId: employee.id });
  await db.user.update({ where: { id: user.id }, data: { email, emailNotifications: wantsMail } });
  return { employee, token };
}

async function plan(employeeId: number, offset: number, start: string): Promise<number> {
  const res = await call(createShift, {
    token: boss.token,
    body: {
      employee_id: employeeId,
      location_id: location.id,
      shift_date: addDays(monday, offset),
      start_time: start,
      end_time: "22:00",
      break_minutes: 30,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function publishWeek() {
  const published = await call(publish, {
    token: boss.token,
    body: { start_date: monday, end_date: addDays(monday, 6), location_ids: [location.id] },
  });
  expect(published.status, published.text).toBe(200);
}

const mailsTo = (address: string) =>
  received.filter((mail) => mail.to && "text" in mail.to && mail.to.text === address);

async function until(condition: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

const runners = [await createJobRunner(databaseUrl, { pollInterval: 200 })];
let smtp = await startSmtp();
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await stopSmtp(smtp);
});

describe("e-mail of the inbox's messages", () => {
  test("a publication mails the changes to who asked for it: to, subject, lines, link; nobody else", async () => {
    const luca = await waiter("Luca", "luca@example.ch", true);
    await waiter("Mia", "mia@example.ch", false); // has an address, did not ask for e-mail
    await waiter("Noe", null, true); // asked, has no address
    await plan(luca.id, 4, "14:00");
    await publishWeek();

    await until(() => mailsTo("luca@example.ch").length > 0, 10_000);
    const [mail] = mailsTo("luca@example.ch");
    expect(mail.from?.value).toEqual([{ address: "plan@example.ch", name: "Schichtwerk" }]);
    expect(mail.subject).toBe(`Schichtplan geändert: ${periodText(monday, addDays(monday, 6))}`);
    expect(mail.text).toContain(`Neu: Fr ${formatDayMonth(addDays(monday, 4))}, 14:00–22:00, Bahnhof`);
    expect(mail.text).toContain("Ansehen: https://plan.example.ch/me");
    expect(mail.html).toContain(`<li>Neu: Fr ${formatDayMonth(addDays(monday, 4))}, 14:00–22:00, Bahnhof</li>`);
    expect(mail.html).toContain('<a href="https://plan.example.ch/me">');
    const stored = await db.notification.findFirstOrThrow({ where: { user: { employeeId: luca.id } } });
    expect(stored.emailedAt).not.toBeNull();
    expect(mail.messageId).toBe(`<notification-${stored.id}@example.ch>`);
    // Nothing for the others, and no job left waiting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received.map((m) => (m.to && "text" in m.to ? m.to.text : ""))).toEqual(["luca@example.ch"]);
    const [{ waiting }] = await db.$queryRaw<[{ waiting: number }]>`
      SELECT count(*)::int AS waiting FROM graphile_worker.jobs`;
    expect(waiting).toBe(0);
  });

  test("an approved month: the monthly statement's message arrives by e-mail (PRODUCT-RULES §34.5)", async () => {
    const lea = await waiter("Lea", "lea@example.ch", true);
    await db.timeEntry.create({
      data: {
        employeeId: lea.id,
        locationId: location.id,
        date: new Date("2026-03-02T00:00:00Z"),
        startAt: new Date("2026-03-02T07:00:00Z"),
        endAt: new Date("2026-03-02T15:00:00Z"),
        source: "manager",
        status: "recorded",
      },
    });
    const approved = await call(approve, { token: boss.token, body: { employee_id: lea.id, month: "2026-03" } });
    expect(approved.status, approved.text).toBe(200);
    await until(() => mailsTo("lea@example.ch").length > 0, 10_000);
    const [mail] = mailsTo("lea@example.ch");
    expect(mail.subject).toBe("Deine Monatsabrechnung März 2026 ist bereit");
    expect(mail.text).toContain(`Genehmigt von ${boss.user.username}.`);
    expect(mail.text).toContain("Unter «Meine Schichten» → «Zeitkonto» kannst du sie herunterladen.");
    expect(mail.text).toContain("Ansehen: https://plan.example.ch/me");
  });

  test("with the mail server down during a publication, the mail arrives once it is back, exactly once", async () => {
    const ella = await waiter("Ella", "ella@example.ch", true);
    await stopSmtp(smtp);
    await plan(ella.id, 2, "16:00");
    await publishWeek();
    // The first try fails and is put off (e^1 s).
    await until(() => false, 1500);
    const [job] = await db.$queryRaw<{ attempts: number; last_error: string | null }[]>`
      SELECT attempts, last_error FROM graphile_worker.jobs`;
    expect(job.attempts).toBeGreaterThanOrEqual(1);
    expect(job.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(mailsTo("ella@example.ch")).toHaveLength(0);

    smtp = await startSmtp();
    await until(() => mailsTo("ella@example.ch").length > 0, 15_000);
    expect(mailsTo("ella@example.ch")).toHaveLength(1);
    expect(mailsTo("ella@example.ch")[0].text).toContain("16:00–22:00, Bahnhof");
    await until(() => false, 1000);
    expect(mailsTo("ella@example.ch")).toHaveLength(1);
  });

  test("after the last try the admins see the mail not delivered, with the server's answer", async () => {
    const admin = await createUser("admin");
    const fynn = await waiter("Fynn", "fynn@example.ch", true);
    await stopSmtp(smtp);
    try {
      await plan(fynn.id, 3, "15:00");
      await publishWeek();
      await until(() => false, 1000);
      // The queue's tries are shortened to two: the next one is the last (graphile-worker's own table).
      await db.$executeRaw`UPDATE graphile_worker._private_jobs SET max_attempts = 2, run_at = now()`;
      await until(() => false, 1500);
      const status = mailStatusSchema.parse((await call(mailStatus, { token: admin.token })).json);
      expect(status).toMatchObject({ enabled: true, from: "Schichtwerk <plan@example.ch>", waiting: 0 });
      expect(status.failed).toEqual([
        {
          notification_id: expect.any(Number),
          username: expect.any(String),
          title: `Schichtplan geändert: ${periodText(monday, addDays(monday, 6))}`,
          failed_at: expect.any(String),
          error: expect.stringMatching(/ECONNREFUSED/),
        },
      ]);
      expect((await call(mailStatus, { token: (await createUser("manager")).token })).status).toBe(403);
      // Given up, the job is gone from the queue rather than kept there as failed.
      expect(await db.$queryRaw`SELECT id FROM graphile_worker.jobs`).toEqual([]);
    } finally {
      smtp = await startSmtp();
    }
    expect(mailsTo("fynn@example.ch")).toHaveLength(0);
  });

  test("a swap offer's message arrives by e-mail at the colleague asked (PRODUCT-RULES §35.6)", async () => {
    const lina = await signedInWaiter("Lina", "lina@example.ch", true);
    const timo = await signedInWaiter("Timo", "timo@example.ch", true);
    const linasShift = await plan(lina.employee.id, 5, "17:00");
    const timosShift = await plan(timo.employee.id, 6, "18:00");
    await publishWeek();
    await until(() => mailsTo("timo@example.ch").length > 0, 10_000);
    const before = mailsTo("timo@example.ch").length;

    const offered = await call(offerSwap, {
      token: lina.token,
      body: { shift_id: linasShift, kind: "swap", target_shift_id: timosShift, note: "Hochzeit meiner Schwester" },
    });
    expect(offered.status, offered.text).toBe(201);
    await until(() => mailsTo("timo@example.ch").length > before, 10_000);
    const mail = mailsTo("timo@example.ch")[before]!;
    const linaName = `Lina ${lina.employee.lastName}`;
    expect(mail.subject).toBe(`Tauschangebot von ${linaName}`);
    expect(mail.text).toContain(`Du bekommst: Sa ${formatDayMonth(addDays(monday, 5))}, 17:00–22:00, Bahnhof`);
    expect(mail.text).toContain(`Du gibst ab: So ${formatDayMonth(addDays(monday, 6))}, 18:00–22:00, Bahnhof`);
    expect(mail.text).toContain("«Hochzeit meiner Schwester»");
    expect(mail.text).toContain("Ansehen: https://plan.example.ch/me#schichtboerse");
    // Lina offered; her own inbox gets nothing by mail for it.
    expect(mailsTo("lina@example.ch").filter((m) => m.subject?.startsWith("Tausch"))).toEqual([]);
  });

  test("two app instances on one database: every message mailed once", async () => {
    runners.push(await createJobRunner(databaseUrl, { pollInterval: 200 }));
    const people = await Promise.all(
      Array.from({ length: 12 }, (_, i) => waiter(`Person${i}`, `person${i}@example.ch`, true)),
    );
    for (const [i, person] of people.entries()) await plan(person.id, i % 7, "06:00");
    await publishWeek();
    await until(() => people.every((_, i) => mailsTo(`person${i}@example.ch`).length > 0), 15_000);
    await until(() => false, 1000);
    for (const i of people.keys()) expect(mailsTo(`person${i}@example.ch`)).toHaveLength(1);
  });
});
