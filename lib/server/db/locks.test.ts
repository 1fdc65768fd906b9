import { expect, test } from "vitest";
import { employee, location, shift } from "@/tests/support/fixtures";
import { db, type Tx } from "./client";
import { lockEmployees, lockPlanChange, lockShifts, lockUnavailability, lockUser, shareLocations } from "./locks";

// The lock order of lib/server/db/locks.ts (named rows → employees → shifts → locations) is checked outside
// production.

test("a lock taken against the order throws; taking again employees the transaction holds does not", async () => {
  const [first, second] = [await employee(), await employee()];
  const place = await location();
  const planned = await shift({ employeeId: first.id, locationId: place.id, date: "2031-03-03" });

  await db.$transaction(async (tx) => {
    const locked = await lockEmployees(tx, [second.id, null, first.id, first.id]);
    expect([...locked.keys()]).toEqual([first.id, second.id]);
    expect(await lockShifts(tx, [planned.id, 0])).toEqual(new Set([planned.id]));
    // assertAssignable locks the employee of a plan write once more, after its shifts: the same row, no new lock.
    await expect(lockEmployees(tx, [first.id])).resolves.toHaveProperty("size", 1);
    await shareLocations(tx, [place.id]);
  });

  await expect(
    db.$transaction(async (tx) => {
      await lockShifts(tx, [planned.id]);
      await lockEmployees(tx, [first.id]);
    }),
  ).rejects.toThrow(/Lock order: employees locked after a later step/);
  await expect(
    db.$transaction(async (tx) => {
      await shareLocations(tx, [place.id]);
      await lockShifts(tx, [planned.id]);
    }),
  ).rejects.toThrow(/Lock order: shifts locked after a later step/);
});

test("a user, plan change or unavailability entry is locked before employees, shifts and locations", async () => {
  const someone = await employee();
  const place = await location();
  const planned = await shift({ employeeId: someone.id, locationId: place.id, date: "2031-03-03" });
  const noChange = "00000000-0000-4000-8000-000000000000";

  // First, as an undo (the plan change), an admin's edit (the user) or an entry's change (the unavailability) does.
  await db.$transaction(async (tx) => {
    expect(await lockPlanChange(tx, noChange)).toBeNull();
    expect(await lockUser(tx, 0, "exclusive")).toBeNull();
    expect(await lockUnavailability(tx, 0)).toBeNull();
    await lockEmployees(tx, [someone.id]);
    await lockShifts(tx, [planned.id]);
    await shareLocations(tx, [place.id]);
    // Taken again, the same row in the same mode (an admin's edit that links an employee and ends sessions): no new
    // lock.
    expect(await lockUser(tx, 0, "exclusive")).toBeNull();
  });

  const after = [
    (tx: Tx) => lockEmployees(tx, [someone.id]),
    (tx: Tx) => lockShifts(tx, [planned.id]),
    (tx: Tx) => shareLocations(tx, [place.id]),
  ];
  const named = [
    (tx: Tx) => lockUser(tx, 0, "share"),
    (tx: Tx) => lockPlanChange(tx, noChange),
    (tx: Tx) => lockUnavailability(tx, 0),
  ];
  for (const first of after)
    for (const second of named)
      await expect(
        db.$transaction(async (tx) => {
          await first(tx);
          await second(tx);
        }),
      ).rejects.toThrow(/Lock order: named locked after a later step/);
});

test("activeOnly leaves an archived employee out, unlocked", async () => {
  const gone = await employee();
  await db.employee.update({ where: { id: gone.id }, data: { archivedAt: new Date() } });
  await db.$transaction(async (tx) => {
    expect((await lockEmployees(tx, [gone.id], { activeOnly: true })).size).toBe(0);
    expect((await lockEmployees(tx, [gone.id])).get(gone.id)?.archived).toBe(true);
  });
});
