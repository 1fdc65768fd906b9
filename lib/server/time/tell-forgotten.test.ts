import { afterAll, describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// "Ausstempeln vergessen?" as a message (docs/PRODUCT-RULES.md §33.6). A database of its own: the look covers every
// running entry, and other test files leave running entries of their own people.
const databaseUrl = await ownDatabase("schichtwerk_forgotten");
process.env.DATABASE_URL = databaseUrl;
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { toDateColumn } = await import("@/lib/server/db/columns");
const { tellForgottenClockOuts } = await import("./tell-forgotten");
const { createJobRunner } = await import("@/lib/server/jobs/job-runner");
const { TASKS } = await import("@/lib/server/jobs/queue");
const { createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");

// Wednesday 11 March 2043, 11:00 in Zurich.
const NOW = new Date("2043-03-11T10:00:00Z");
const location = await fx.location({ name: "Bahnhof" });

/** A person with a user account (or none), stamped in at `startAt`, maybe against a shift of 11 March. */
async function stampedIn(startAt: string, options: { shift?: [string, string]; user?: boolean; endAt?: string } = {}) {
  const employee = await fx.employee();
  const user = options.user === false ? null : (await createUser("user", { employeeId: employee.id })).user;
  const shift = options.shift
    ? await fx.shift({
        employeeId: employee.id,
        locationId: location.id,
        date: "2043-03-11",
        start: options.shift[0],
        end: options.shift[1],
      })
    : null;
  const entry = await db.timeEntry.create({
    data: {
      employeeId: employee.id,
      locationId: location.id,
      shiftId: shift?.id ?? null,
      date: toDateColumn(startAt.slice(0, 10)),
      startAt: new Date(startAt),
      endAt: options.endAt ? new Date(options.endAt) : null,
      source: "app",
      status: options.endAt ? "recorded" : "running",
    },
  });
  return { employee, user, entry };
}

const inbox = (userId: number) => db.notification.findMany({ where: { userId }, orderBy: { id: "asc" } });

describe("a forgotten clock-out is told to the person, once", () => {
  test("over 14 h, or 4 h past the shift's end: told; fresh, 3 h past the end, or stamped out: not", async () => {
    const lea = await stampedIn("2043-03-10T18:00:00Z"); // 16 h, no shift
    const noe = await stampedIn("2043-03-11T03:00:00Z", { shift: ["04:00", "06:00"] }); // ended 5 h ago
    const mia = await stampedIn("2043-03-11T05:00:00Z", { shift: ["06:00", "08:00"] }); // ended 3 h ago
    const fresh = await stampedIn("2043-03-11T09:00:00Z");
    const done = await stampedIn("2043-03-10T06:00:00Z", { endAt: "2043-03-10T14:00:00Z" });
    const nobody = await stampedIn("2043-03-10T17:00:00Z", { user: false }); // no inbox to write to

    expect(await tellForgottenClockOuts(db, NOW)).toBe(3);

    const [leaMessage, ...more] = await inbox(lea.user!.id);
    expect(more).toEqual([]);
    expect(leaMessage).toMatchObject({
      kind: "forgotten_clock_out",
      title: "Ausstempeln vergessen?",
      lines: [
        "Eingestempelt seit Di 10.03.2043, 19:00, Bahnhof",
        "Schon fertig? Stemple aus und frage danach eine Korrektur der Endzeit an.",
      ],
      link: "/me",
      readAt: null,
    });
    expect((await inbox(noe.user!.id)).map((message) => message.lines[0])).toEqual([
      "Eingestempelt seit Mi 11.03.2043, 04:00, Bahnhof",
    ]);
    for (const person of [mia, fresh, done]) expect(await inbox(person.user!.id)).toEqual([]);
    const marked = await db.timeEntry.findMany({ where: { forgottenToldAt: { not: null } }, select: { id: true } });
    expect(marked.map((row) => row.id).sort()).toEqual([lea.entry.id, noe.entry.id, nobody.entry.id].sort());

    // Looking again tells nobody twice; an hour and a half later Mia's stamp is forgotten too and only she hears of it.
    expect(await tellForgottenClockOuts(db, NOW)).toBe(0);
    expect(await tellForgottenClockOuts(db, new Date(NOW.getTime() + 90 * 60_000))).toBe(1);
    expect(await inbox(lea.user!.id)).toHaveLength(1);
    expect((await inbox(mia.user!.id)).map((message) => message.title)).toEqual(["Ausstempeln vergessen?"]);
    // The entry itself is left running: nothing is ever stamped for the person.
    expect(await db.timeEntry.findUniqueOrThrow({ where: { id: lea.entry.id } })).toMatchObject({
      status: "running",
      endAt: null,
    });
  });

  test("two instances looking at once tell each forgotten stamp once", async () => {
    const later = new Date("2043-03-13T12:00:00Z");
    await tellForgottenClockOuts(db, later); // the earlier test's stamps that are forgotten by then
    const people = await Promise.all(Array.from({ length: 5 }, () => stampedIn("2043-03-12T18:00:00Z")));
    const counts = await Promise.all([tellForgottenClockOuts(db, later), tellForgottenClockOuts(db, later)]);
    expect(counts[0] + counts[1]).toBe(5);
    for (const person of people) expect(await inbox(person.user!.id)).toHaveLength(1);
  });

  test("the queue's task runs the look: a job of its name tells a forgotten stamp", async () => {
    // Stamped in 20 h before the real now: forgotten whenever this runs.
    const start = new Date(Date.now() - 20 * 3_600_000).toISOString();
    const person = await stampedIn(start);
    const runner = await createJobRunner(databaseUrl, { pollInterval: 200 });
    try {
      await db.$executeRaw`SELECT graphile_worker.add_job(${TASKS.tellForgottenClockOuts})`;
      const deadline = Date.now() + 10_000;
      while ((await inbox(person.user!.id)).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await inbox(person.user!.id)).map((message) => message.kind)).toEqual(["forgotten_clock_out"]);
    } finally {
      await runner.stop();
    }
  });
});

afterAll(async () => {
  await db.$disconnect();
});
