// The four heaviest writers at once, through the real route handlers (docs/ARCHITECTURE.md §6.5): approving a
// vacation, editing a shift in its range, copying a week into that week and applying an auto-fill proposal for it.
// They share employees, shifts, locations and the schedule data version; whatever order PostgreSQL lets them in,
// no answer is a 500 or a 503, no transaction was retried after a deadlock, and the week ends consistent.
import { expect, test } from "vitest";
import { POST as apply } from "@/app/api/schedule/auto-fill/apply/route";
import { PUT as updateShift } from "@/app/api/shifts/[id]/route";
import { POST as copyWeek } from "@/app/api/shifts/copy-week/route";
import { POST as approve } from "@/app/api/vacations/[id]/approve/route";
import { POST as requestVacation } from "@/app/api/vacations/route";
import { db } from "@/lib/server/db/client";
import { transactionConflicts } from "@/lib/server/db/transaction";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { addDays } from "@/lib/shared/dates";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";

const ROUNDS = 20;
// Weeks of their own: copy-week copies every shift of its source week. A Monday, two weeks per round.
const FIRST_SOURCE = "2093-05-04";

const stamp = async (id: number) => (await db.shift.findUniqueOrThrow({ where: { id } })).updatedAt.toISOString();

test(`approve, edit, copy-week and auto-fill apply at once, ${ROUNDS} rounds: no 500, no deadlock`, async () => {
  const planner = (await createUser("manager")).token;
  const place = await fx.location();
  // transaction() retries a deadlock (40P01) or a serialization failure (40001) silently, so the answers alone
  // cannot show one: its counter does. The four writers take their locks in one order and never conflict.
  const conflictsBefore = transactionConflicts();
  for (let round = 0; round < ROUNDS; round++) {
    const source = addDays(FIRST_SOURCE, 14 * round);
    const week = addDays(source, 7);
    const [tuesday, wednesday, thursday] = [1, 2, 3].map((offset) => addDays(week, offset));
    const [anna, ben, cleo] = [await fx.employee(), await fx.employee(), await fx.employee()];
    const annasAccount = await createUser("user", { employeeId: anna.id });

    // The source week: Anna on Wednesday, Ben on Thursday, both copied with their employee.
    await fx.shift({
      employeeId: anna.id,
      locationId: place.id,
      date: addDays(source, 2),
      start: "08:00",
      end: "12:00",
    });
    await fx.shift({
      employeeId: ben.id,
      locationId: place.id,
      date: addDays(source, 3),
      start: "08:00",
      end: "12:00",
    });
    // The target week: Anna's Tuesday (inside her vacation), and two open shifts the proposal fills.
    const annasTuesday = await fx.shift({ employeeId: anna.id, locationId: place.id, date: tuesday, start: "08:00" });
    const openWednesday = await fx.shift({ locationId: place.id, date: wednesday, start: "08:00", end: "12:00" });
    const openThursday = await fx.shift({ locationId: place.id, date: thursday, start: "13:00", end: "17:00" });
    const asked = await call(requestVacation, {
      token: annasAccount.token,
      body: { employee_id: anna.id, start_date: tuesday, end_date: thursday },
    });
    expect(asked.status, asked.text).toBe(201);
    const proposal = [
      { shift_id: openWednesday.id, employee_id: anna.id, shift_updated_at: await stamp(openWednesday.id) },
      { shift_id: openThursday.id, employee_id: cleo.id, shift_updated_at: await stamp(openThursday.id) },
    ];

    const [approved, edited, copied, applied] = await Promise.all([
      call(approve, { token: planner, params: { id: String(asked.json.id) } }),
      call(updateShift, {
        method: "PUT",
        token: planner,
        params: { id: String(annasTuesday.id) },
        body: {
          employee_id: anna.id,
          location_id: place.id,
          shift_date: tuesday,
          start_time: "09:00",
          end_time: "17:00",
        },
      }),
      call(copyWeek, { token: planner, body: { from_start_date: source, to_start_date: week, with_employees: true } }),
      call(apply, { token: planner, body: { assignments: proposal } }),
    ]);

    // Refusals are the rules' 409s (Anna on vacation, the proposal overtaken); never a 500 or a lost race's 503.
    expect(approved.status, approved.text).toBe(200);
    expect(copied.status, copied.text).toBe(201);
    expect([200, 409], edited.text).toContain(edited.status);
    expect([200, 409], applied.text).toContain(applied.status);
    if (edited.status === 409) expect(edited.json.code).toBe("employee_on_vacation");
    if (applied.status === 409) expect(applied.json.code).toBe("auto_fill_conflict");

    const shifts = await db.shift.findMany({
      where: { shiftDate: { gte: toDateColumn(week), lte: toDateColumn(addDays(week, 6)) } },
      select: { id: true, employeeId: true, shiftDate: true, startTime: true, endTime: true },
    });
    // Nobody works on an approved vacation day.
    const onVacation = shifts.filter((s) => s.employeeId === anna.id && fromDateColumn(s.shiftDate) >= tuesday);
    expect(onVacation.filter((s) => fromDateColumn(s.shiftDate) <= thursday)).toEqual([]);
    // Nobody is booked twice at one time.
    for (const person of [anna.id, ben.id, cleo.id]) {
      const own = shifts
        .filter((s) => s.employeeId === person)
        .map((s) => ({ day: fromDateColumn(s.shiftDate), start: s.startTime.getTime(), end: s.endTime.getTime() }))
        .sort((a, b) => a.day.localeCompare(b.day) || a.start - b.start);
      for (let i = 1; i < own.length; i++)
        if (own[i].day === own[i - 1].day)
          expect(own[i].start, `round ${round}`).toBeGreaterThanOrEqual(own[i - 1].end);
    }
    // The apply is all or nothing: Cleo has the Thursday shift exactly when the apply succeeded.
    const thursdayNow = shifts.find((s) => s.id === openThursday.id)!;
    expect(thursdayNow.employeeId).toBe(applied.status === 200 ? cleo.id : null);
    const conflicts = transactionConflicts();
    for (const code of ["40P01", "40001"])
      expect(conflicts[code] ?? 0, `${code} after round ${round}`).toBe(conflictsBefore[code] ?? 0);
  }
});
