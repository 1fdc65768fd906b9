import { describe, expect, test } from "vitest";
import { POST as undo } from "@/app/api/changes/[id]/undo/route";
import { GET as inbox } from "@/app/api/me/notifications/route";
import { PUT as putShift, DELETE as deleteShift } from "@/app/api/shifts/[id]/route";
import { POST as createShift } from "@/app/api/shifts/route";
import { GET as history } from "@/app/api/audit/route";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { expireSwaps } from "@/lib/server/swaps/end-swaps";
import { addDays } from "@/lib/shared/dates";
import { formatDate } from "@/lib/shared/format";
import { notificationsPageSchema } from "@/lib/shared/schemas/notification";
import { swapDtoSchema } from "@/lib/shared/schemas/swap";
import type { SwapDto } from "@/lib/shared/api-types";
import { weekdayDate } from "@/lib/server/audit/describe-audit";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as accept } from "./[id]/accept/route";
import { POST as approve } from "./[id]/approve/route";
import { POST as reject } from "./[id]/reject/route";
import { POST as withdraw } from "./[id]/withdraw/route";
import { GET as list, POST as offer } from "./route";

const today = businessToday();
const boss = await createUser("manager");

const unique = () => Math.random().toString(36).slice(2, 7);

/** A person with a linked user: an employee named First Last-xxxxx. */
async function person(firstName: string) {
  const employee = await fx.employee({ firstName, lastName: `Muster-${unique()}` });
  const { token, user } = await createUser("user", { employeeId: employee.id });
  return { employee, token, user, name: `${firstName} ${employee.lastName}` };
}

/** Lea with a published shift at a new location in `days` days, and Ben, who could take it. */
async function giveAwaySetup(days = 5) {
  const location = await fx.location({ name: `Bahnhof-${unique()}` });
  const lea = await person("Lea");
  const ben = await person("Ben");
  const shift = await fx.shift({
    employeeId: lea.employee.id,
    locationId: location.id,
    date: addDays(today, days),
    start: "06:30",
    end: "14:30",
  });
  return { location, lea, ben, shift };
}

const at = (id: number, step: "accept" | "approve" | "reject" | "withdraw") => ({
  path: `/api/swaps/${id}/${step}`,
  params: { id: String(id) },
});

async function offerOk(token: string, body: Record<string, unknown>): Promise<SwapDto> {
  const res = await call(offer, { token, path: "/api/swaps", body });
  expect(res.status, res.text).toBe(201);
  return swapDtoSchema.parse(res.json);
}

const mine = async (token: string) => {
  const res = await call(list, { token, path: "/api/swaps" });
  expect(res.status, res.text).toBe(200);
  return swapDtoSchema.array().parse(res.json);
};

const pending = async () => {
  const res = await call(list, { token: boss.token, path: "/api/swaps" });
  expect(res.status, res.text).toBe(200);
  return swapDtoSchema.array().parse(res.json);
};

const messages = async (token: string) =>
  notificationsPageSchema.parse((await call(inbox, { token, path: "/api/me/notifications" })).json).notifications;

const ownerOf = async (shiftId: number) => (await db.shift.findUniqueOrThrow({ where: { id: shiftId } })).employeeId;
const publishedOwnerOf = async (shiftId: number) =>
  (await db.publishedShift.findUniqueOrThrow({ where: { id: shiftId } })).employeeId;
const statusOf = async (swapId: number) => (await db.shiftSwap.findUniqueOrThrow({ where: { id: swapId } })).status;

describe("POST /api/swaps, accept, approve: giving a shift away", () => {
  test("Lea gives away, Ben accepts, the manager approves: plan, published plan, messages, history, undo", async () => {
    const { lea, ben, shift, location } = await giveAwaySetup();
    const away = await person("Carla");
    await fx.vacation({ employeeId: away.employee.id, start: addDays(today, 5), end: addDays(today, 5), days: 1 });
    const elsewhere = await person("Dora");
    const other = await fx.location();
    await db.employeeLocation.create({ data: { employeeId: elsewhere.employee.id, locationId: other.id } });

    const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away", note: "Hochzeit" });
    expect(offered).toMatchObject({
      kind: "give_away",
      status: "open",
      shift: { id: shift.id, start_time: "06:30", end_time: "14:30", location_name: location.name },
      offered_by: { id: lea.employee.id, name: lea.name },
      accepted_by: null,
      needs_approval: true,
      note: "Hochzeit",
    });

    // Ben sees it on his Schichtbörse, with the warning he would get (spoken to him: the shift has no break), and
    // was told; Carla (on vacation that day) and Dora (another Einsatzort) neither.
    expect((await mine(ben.token)).find((swap) => swap.id === offered.id)).toMatchObject({
      can_accept: true,
      findings: [{ code: "break", severity: "warning", message: expect.stringMatching(/^Deine Pause am /) }],
    });
    expect((await mine(away.token)).map((swap) => swap.id)).not.toContain(offered.id);
    expect((await mine(elsewhere.token)).map((swap) => swap.id)).not.toContain(offered.id);
    expect((await messages(ben.token))[0]).toMatchObject({
      kind: "swap",
      title: expect.stringMatching(/^Schicht abzugeben: /),
      lines: expect.arrayContaining([`${lea.name} gibt diese Schicht ab.`, "«Hochzeit»"]),
    });
    expect(await messages(away.token)).toEqual([]);
    expect(await messages(elsewhere.token)).toEqual([]);
    // Lea's own list has it, not takeable by her.
    expect((await mine(lea.token)).find((swap) => swap.id === offered.id)).toMatchObject({ can_accept: false });

    const taken = await call(accept, { token: ben.token, ...at(offered.id, "accept") });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.json).toMatchObject({ status: "accepted", accepted_by: { id: ben.employee.id, name: ben.name } });
    expect(await ownerOf(shift.id)).toBe(lea.employee.id);
    expect((await messages(lea.token))[0]).toMatchObject({
      title: expect.stringMatching(/^Angebot angenommen: /),
      lines: expect.arrayContaining([expect.stringContaining(`${ben.name} übernimmt deine Schicht`)]),
    });
    expect((await messages(boss.token))[0].title).toMatch(/^Abgabe wartet auf Freigabe: /);
    // The planners' list: accepted first, with what the approval would say.
    const waiting = (await pending()).find((swap) => swap.id === offered.id);
    expect(waiting).toMatchObject({
      status: "accepted",
      findings: [{ code: "break", message: expect.stringMatching(new RegExp(`^Die Pause von ${ben.name} am `)) }],
    });

    const approved = await call(approve, { token: boss.token, ...at(offered.id, "approve") });
    expect(approved.status, approved.text).toBe(200);
    const dto = swapDtoSchema.parse(approved.json);
    expect(dto).toMatchObject({ status: "approved", decided_by: boss.user.username });
    expect(dto.change_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ownerOf(shift.id)).toBe(ben.employee.id);
    // Published at once for the two of them.
    expect(await publishedOwnerOf(shift.id)).toBe(ben.employee.id);
    expect((await messages(ben.token))[0]).toMatchObject({
      title: expect.stringMatching(/^Schicht übernommen: /),
      lines: expect.arrayContaining([`Freigegeben von ${boss.user.username}.`]),
    });
    expect((await messages(lea.token))[0].title).toMatch(/^Schicht abgegeben: /);

    // The history tells it as a sentence.
    const res = await call(history, { token: boss.token, path: "/api/audit?kind=shifts&limit=100" });
    const sentences = (res.json.entries as unknown as { sentence: string }[]).map((entry) => entry.sentence);
    const slot = `${weekdayDate(addDays(today, 5))} 06:30–14:30 in ${location.name}`;
    expect(sentences).toContain(
      `${lea.name} hat die Schicht ${slot} an ${ben.name} abgegeben, freigegeben von ${boss.user.username}.`,
    );
    expect(sentences).toContain(`${ben.name} hat das Angebot von ${lea.name} angenommen: ${slot}.`);
    expect(sentences).toContain(`${lea.name} hat die Schicht ${slot} zum Abgeben angeboten.`);

    // Undo takes the change back.
    const undone = await call(undo, {
      token: boss.token,
      path: `/api/changes/${dto.change_id}/undo`,
      params: { id: dto.change_id! },
    });
    expect(undone.status, undone.text).toBe(200);
    expect(await ownerOf(shift.id)).toBe(lea.employee.id);
  });

  test("ten colleagues accept at once: exactly one wins, the others get a German 409", async () => {
    const { lea, shift } = await giveAwaySetup(6);
    const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
    const colleagues = await Promise.all(Array.from({ length: 10 }, (_, i) => person(`Kollege${i}`)));
    const answers = await Promise.all(
      colleagues.map((colleague) => call(accept, { token: colleague.token, ...at(offered.id, "accept") })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const res of answers.filter((answer) => answer.status === 409))
      expect(res.json).toEqual({ error: "Diese Schicht hat schon jemand übernommen", code: "conflict" });
    const winner = colleagues[answers.findIndex((res) => res.status === 200)];
    expect(await db.shiftSwap.findUniqueOrThrow({ where: { id: offered.id } })).toMatchObject({
      status: "accepted",
      acceptedBy: winner.employee.id,
    });
    expect(await db.auditLog.count({ where: { action: "shift.swap_accept", entityId: shift.id } })).toBe(1);
  });

  test("an approval racing a manager's edit of the shift: one wins, nothing half-written", async () => {
    for (let round = 0; round < 4; round += 1) {
      const { lea, ben, shift, location } = await giveAwaySetup(7 + round);
      const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
      expect((await call(accept, { token: ben.token, ...at(offered.id, "accept") })).status).toBe(200);
      const edit = {
        employee_id: lea.employee.id,
        location_id: location.id,
        shift_date: addDays(today, 7 + round),
        start_time: "07:00",
        end_time: "15:00",
        break_minutes: 30,
      };
      const [approval, edited] = await Promise.all([
        call(approve, { token: boss.token, ...at(offered.id, "approve") }),
        call(putShift, {
          method: "PUT",
          token: boss.token,
          path: `/api/shifts/${shift.id}`,
          params: { id: String(shift.id) },
          body: edit,
        }),
      ]);
      const row = await db.shift.findUniqueOrThrow({ where: { id: shift.id } });
      const status = await statusOf(offered.id);
      if (approval.status === 200) {
        // The approval came first: the edit then saved Lea over Ben, as the manager asked.
        expect(status).toBe("approved");
        expect(edited.status).toBe(200);
        expect(row.employeeId).toBe(lea.employee.id);
      } else {
        expect(approval.status, approval.text).toBe(409);
        expect(approval.json.error).toBe("Dieses Angebot gilt nicht mehr: die Schicht wurde im Plan geändert");
        expect(edited.status).toBe(200);
        expect(status).toBe("cancelled");
        expect(row.employeeId).toBe(lea.employee.id);
      }
      // Either way: one plan change per write that succeeded, no change_id on an offer that was not carried out.
      const swap = await db.shiftSwap.findUniqueOrThrow({ where: { id: offered.id } });
      expect(swap.changeId === null).toBe(status !== "approved");
    }
  });

  test("an approval that would now break a rule is refused with the rule's German text; nothing changes", async () => {
    const { lea, ben, shift, location } = await giveAwaySetup(9);
    const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
    expect((await call(accept, { token: ben.token, ...at(offered.id, "accept") })).status).toBe(200);
    // Meanwhile Ben gets another shift that day, at the same time.
    const planned = await call(createShift, {
      token: boss.token,
      path: "/api/shifts",
      body: {
        employee_id: ben.employee.id,
        location_id: location.id,
        shift_date: addDays(today, 9),
        start_time: "10:00",
        end_time: "16:00",
        break_minutes: 30,
      },
    });
    expect(planned.status, planned.text).toBe(201);
    const res = await call(approve, { token: boss.token, ...at(offered.id, "approve") });
    expect(res.status, res.text).toBe(409);
    expect(res.json.code).toBe("shift_overlap");
    expect(res.json.error).toBe(
      `${ben.name} arbeitet am ${formatDate(addDays(today, 9))} bereits 10:00–16:00 (${location.name})`,
    );
    expect(await ownerOf(shift.id)).toBe(lea.employee.id);
    expect(await statusOf(offered.id)).toBe("accepted");
    expect(await db.auditLog.count({ where: { action: "shift.swap_approve", entityId: shift.id } })).toBe(0);
  });

  test("a rejection keeps the plan and tells both, with the reason", async () => {
    const { lea, ben, shift } = await giveAwaySetup(8);
    const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
    expect((await call(accept, { token: ben.token, ...at(offered.id, "accept") })).status).toBe(200);
    const res = await call(reject, {
      token: boss.token,
      ...at(offered.id, "reject"),
      body: { reason: "Ben hat diese Woche schon genug Stunden" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "rejected", reject_reason: "Ben hat diese Woche schon genug Stunden" });
    expect(await ownerOf(shift.id)).toBe(lea.employee.id);
    for (const token of [lea.token, ben.token])
      expect((await messages(token))[0]).toMatchObject({
        title: expect.stringMatching(/^Abgabe abgelehnt: /),
        lines: expect.arrayContaining(["Begründung: Ben hat diese Woche schon genug Stunden"]),
      });
    // Decided: no second decision.
    const again = await call(approve, { token: boss.token, ...at(offered.id, "approve") });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("Dieses Angebot wurde abgelehnt");
  });
});

describe("swapping against a colleague's shift", () => {
  test("only the colleague asked may accept; without approval the shifts change hands at once", async () => {
    const { lea, ben, shift, location } = await giveAwaySetup(10);
    await db.location.update({ where: { id: location.id }, data: { swapNeedsApproval: false } });
    // Ben's shift on the same day at the same time elsewhere: a swap of the two is no overlap.
    const seefeld = await fx.location({ name: `Seefeld-${unique()}` });
    await db.location.update({ where: { id: seefeld.id }, data: { swapNeedsApproval: false } });
    const bens = await fx.shift({
      employeeId: ben.employee.id,
      locationId: seefeld.id,
      date: addDays(today, 10),
      start: "06:30",
      end: "14:30",
    });
    const carla = await person("Carla");

    const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "swap", target_shift_id: bens.id });
    expect(offered).toMatchObject({
      kind: "swap",
      target: { id: ben.employee.id, name: ben.name },
      target_shift: { id: bens.id, location_name: seefeld.name },
      needs_approval: false,
    });
    expect((await messages(ben.token))[0]).toMatchObject({
      title: `Tauschangebot von ${lea.name}`,
      lines: expect.arrayContaining([expect.stringMatching(/^Du bekommst: /), expect.stringMatching(/^Du gibst ab: /)]),
    });
    expect((await mine(ben.token)).find((swap) => swap.id === offered.id)).toMatchObject({ can_accept: true });
    expect((await mine(carla.token)).map((swap) => swap.id)).not.toContain(offered.id);
    const stranger = await call(accept, { token: carla.token, ...at(offered.id, "accept") });
    expect(stranger.status).toBe(404);
    expect(stranger.json).toEqual({ error: "Angebot nicht gefunden", code: "not_found" });
    const own = await call(accept, { token: lea.token, ...at(offered.id, "accept") });
    expect(own.json).toEqual({ error: "Das ist dein eigenes Angebot", code: "conflict" });

    const res = await call(accept, { token: ben.token, ...at(offered.id, "accept") });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "approved", decided_by: null });
    expect(await ownerOf(shift.id)).toBe(ben.employee.id);
    expect(await ownerOf(bens.id)).toBe(lea.employee.id);
    expect(await publishedOwnerOf(bens.id)).toBe(lea.employee.id);
    expect((await messages(lea.token))[0]).toMatchObject({
      title: expect.stringMatching(/^Tausch freigegeben: /),
      lines: expect.arrayContaining(["Der Standort braucht dafür keine Freigabe."]),
    });
  });

  test("a swap the colleague cannot take is refused without saying why", async () => {
    const { lea, ben, shift, location } = await giveAwaySetup(11);
    const bens = await fx.shift({ employeeId: ben.employee.id, locationId: location.id, date: addDays(today, 12) });
    await fx.vacation({ employeeId: ben.employee.id, start: addDays(today, 11), end: addDays(today, 11), days: 1 });
    const res = await call(offer, {
      token: lea.token,
      path: "/api/swaps",
      body: { shift_id: shift.id, kind: "swap", target_shift_id: bens.id },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: `${ben.name} kann deine Schicht nicht übernehmen.`, code: "conflict" });
    expect(await db.shiftSwap.count({ where: { shiftId: shift.id } })).toBe(0);
  });
});

describe("what ends an offer", () => {
  test("withdrawn while open (the colleague asked is told); not once accepted; not someone else's", async () => {
    const { lea, ben, shift, location } = await giveAwaySetup(13);
    const bens = await fx.shift({ employeeId: ben.employee.id, locationId: location.id, date: addDays(today, 14) });
    const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "swap", target_shift_id: bens.id });
    const foreign = await call(withdraw, { token: ben.token, ...at(offered.id, "withdraw") });
    expect(foreign.status).toBe(404);
    const res = await call(withdraw, { token: lea.token, ...at(offered.id, "withdraw") });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe("withdrawn");
    expect((await messages(ben.token))[0].title).toMatch(/^Tauschangebot zurückgezogen: /);

    const second = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
    expect((await call(accept, { token: ben.token, ...at(second.id, "accept") })).status).toBe(200);
    const late = await call(withdraw, { token: lea.token, ...at(second.id, "withdraw") });
    expect(late.status).toBe(409);
    expect(late.json.error).toBe(
      `${ben.name} hat die Schicht schon übernommen – zurücknehmen kann das jetzt nur die Leitung.`,
    );
  });

  test("a manager's edit or deletion of the shift cancels it, and both sides learn it", async () => {
    const { lea, ben, shift, location } = await giveAwaySetup(15);
    const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
    expect((await call(accept, { token: ben.token, ...at(offered.id, "accept") })).status).toBe(200);
    const edited = await call(putShift, {
      method: "PUT",
      token: boss.token,
      path: `/api/shifts/${shift.id}`,
      params: { id: String(shift.id) },
      body: {
        employee_id: lea.employee.id,
        location_id: location.id,
        shift_date: addDays(today, 15),
        start_time: "08:00",
        end_time: "14:30",
        break_minutes: 30,
      },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await db.shiftSwap.findUniqueOrThrow({ where: { id: offered.id } })).toMatchObject({
      status: "cancelled",
      endReason: "shift_changed",
    });
    for (const token of [lea.token, ben.token])
      expect((await messages(token))[0]).toMatchObject({
        title: expect.stringMatching(/^Angebot beendet: /),
        lines: expect.arrayContaining(["Die Leitung hat die Schicht im Plan geändert; das Angebot gilt nicht mehr."]),
      });

    // Published again, offered again, deleted: ended as deleted.
    await fx.publishShifts(shift.id);
    const again = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
    const gone = await call(deleteShift, {
      method: "DELETE",
      token: boss.token,
      path: `/api/shifts/${shift.id}`,
      params: { id: String(shift.id) },
    });
    expect(gone.status, gone.text).toBe(200);
    expect(await db.shiftSwap.findUniqueOrThrow({ where: { id: again.id } })).toMatchObject({
      status: "cancelled",
      endReason: "shift_deleted",
      shiftId: null,
    });
    expect((await messages(lea.token))[0].lines).toContain(
      "Die Schicht ist nicht mehr im Plan; das Angebot gilt nicht mehr.",
    );
  });

  test("an offer expires when its shift starts: marked by the job, told, no longer accepted", async () => {
    const { lea, ben, shift } = await giveAwaySetup(16);
    const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
    // As if the shift had begun a minute ago.
    await db.shiftSwap.update({ where: { id: offered.id }, data: { startsAt: new Date(Date.now() - 60_000) } });
    const late = await call(accept, { token: ben.token, ...at(offered.id, "accept") });
    expect(late.status).toBe(409);
    expect(late.json.error).toBe("Dieses Angebot ist abgelaufen: die Schicht hat begonnen");
    expect(await expireSwaps()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(offered.id)).toBe("expired");
    expect((await messages(lea.token))[0].title).toMatch(/^Angebot abgelaufen: /);
    expect(await expireSwaps()).toBe(0);
  });
});

describe("offers that are refused", () => {
  test("not one's own, not published, begun, with a change waiting, or offered twice", async () => {
    const { lea, ben, shift, location } = await giveAwaySetup(17);
    const refused = async (token: string, body: Record<string, unknown>) => {
      const res = await call(offer, { token, path: "/api/swaps", body });
      return { status: res.status, ...(res.json as unknown as { error: string; code: string }) };
    };
    expect(await refused(ben.token, { shift_id: shift.id, kind: "give_away" })).toMatchObject({
      status: 409,
      error: "Das ist nicht deine Schicht",
    });
    const unpublished = await fx.shift({
      employeeId: lea.employee.id,
      locationId: location.id,
      date: addDays(today, 18),
      published: false,
    });
    expect(await refused(lea.token, { shift_id: unpublished.id, kind: "give_away" })).toMatchObject({
      status: 404,
      error: "Schicht nicht gefunden",
    });
    const past = await fx.shift({ employeeId: lea.employee.id, locationId: location.id, date: addDays(today, -1) });
    expect(await refused(lea.token, { shift_id: past.id, kind: "give_away" })).toMatchObject({
      status: 409,
      error: "Diese Schicht hat bereits begonnen – du kannst sie nicht mehr abgeben.",
    });
    const changed = await fx.shift({ employeeId: lea.employee.id, locationId: location.id, date: addDays(today, 19) });
    await db.shift.update({ where: { id: changed.id }, data: { breakMinutes: 15 } });
    expect((await refused(lea.token, { shift_id: changed.id, kind: "give_away" })).error).toMatch(
      /^Diese Schicht hat Änderungen, die noch nicht veröffentlicht sind/,
    );
    await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
    expect(await refused(lea.token, { shift_id: shift.id, kind: "give_away" })).toMatchObject({
      status: 409,
      error: "Für diese Schicht läuft bereits ein Angebot",
    });
    const open = await fx.shift({ locationId: location.id, date: addDays(today, 20) });
    const other = await fx.shift({ employeeId: lea.employee.id, locationId: location.id, date: addDays(today, 21) });
    expect(await refused(lea.token, { shift_id: other.id, kind: "swap", target_shift_id: open.id })).toMatchObject({
      status: 409,
      error: "Tauschen geht nur gegen die Schicht einer Kollegin oder eines Kollegen",
    });
    expect(await refused(lea.token, { shift_id: other.id, kind: "swap" })).toMatchObject({
      status: 400,
      code: "validation_failed",
    });
  });

  test("who may do what: staff never see the planners' list nor decide; an unlinked user has no side", async () => {
    const { lea, shift } = await giveAwaySetup(22);
    const offered = await offerOk(lea.token, { shift_id: shift.id, kind: "give_away" });
    const staffList = await call(list, { token: lea.token, path: "/api/swaps?view=pending" });
    expect(staffList.status).toBe(403);
    expect((await call(approve, { token: lea.token, ...at(offered.id, "approve") })).status).toBe(403);
    expect((await call(reject, { token: lea.token, ...at(offered.id, "reject"), body: {} })).status).toBe(403);
    const unlinked = await createUser("user");
    const res = await call(list, { token: unlinked.token, path: "/api/swaps" });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("Dein Benutzer ist mit keinem Mitarbeiter verknüpft");
    const planner = await call(list, { token: boss.token, path: "/api/swaps?view=mine" });
    expect(planner.status).toBe(403);
    // Staff answers never carry a change id.
    expect((await mine(lea.token)).every((swap) => swap.change_id === null)).toBe(true);
  });
});
