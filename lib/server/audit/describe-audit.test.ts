import { describe, expect, test } from "vitest";
import { auditWeek, describeAudit, type DescribableAudit, type ShiftSnapshot } from "./describe-audit";
import { AUDIT_ACTIONS } from "@/lib/shared/audit-kinds";

const shift = (overrides: Partial<ShiftSnapshot> = {}): ShiftSnapshot => ({
  employee_id: 7,
  employee_name: "Max Muster",
  location_id: 3,
  location_name: "Bahnhof",
  shift_date: "2026-11-30",
  start_time: "09:00",
  end_time: "17:00",
  break_minutes: 30,
  custom_name: null,
  ...overrides,
});

const say = (row: Partial<DescribableAudit> & { action: string }) =>
  describeAudit({ actor: "anna", entityType: null, entityId: null, details: null, ...row });

describe("shift writes, from their snapshots", () => {
  test("a changed time says before and after", () => {
    const details = { change_id: "c1", before: shift(), after: shift({ start_time: "10:00", end_time: "18:00" }) };
    expect(say({ action: "shift.update", details })).toBe(
      "anna hat die Schicht von Max Muster am Mo 30.11.2026 in Bahnhof von 09:00–17:00 auf 10:00–18:00 geändert.",
    );
  });

  test("another day or location with the times kept is a move", () => {
    const after = shift({ shift_date: "2026-12-01", location_id: 4, location_name: "Zentrum" });
    expect(say({ action: "shift.update", details: { before: shift(), after } })).toBe(
      "anna hat die Schicht von Max Muster vom Mo 30.11. (Bahnhof) auf Di 01.12. (Zentrum) verschoben.",
    );
  });

  test("assigning, unassigning and handing over a shift", () => {
    const open = shift({ employee_id: null, employee_name: null });
    expect(say({ action: "shift.update", details: { before: open, after: shift() } })).toBe(
      "anna hat die offene Schicht am Mo 30.11.2026 in Bahnhof (09:00–17:00) Max Muster zugewiesen.",
    );
    expect(say({ action: "shift.update", details: { before: shift(), after: open } })).toBe(
      "anna hat Max Muster von der Schicht am Mo 30.11.2026 in Bahnhof (09:00–17:00) genommen; sie ist jetzt offen.",
    );
    const erika = shift({ employee_id: 8, employee_name: "Erika Beispiel" });
    expect(say({ action: "shift.update", details: { before: shift(), after: erika } })).toBe(
      "anna hat die Schicht am Mo 30.11.2026 in Bahnhof (09:00–17:00) von Max Muster an Erika Beispiel übergeben.",
    );
  });

  test("several changes at once list what is new", () => {
    const after = shift({ employee_id: 8, employee_name: "Erika Beispiel", end_time: "16:00", break_minutes: 45 });
    expect(say({ action: "shift.update", details: { before: shift(), after } })).toBe(
      "anna hat die Schicht von Max Muster am Mo 30.11.2026 in Bahnhof (09:00–17:00) geändert, " +
        "neu: Erika Beispiel, 09:00–16:00, Pause 45 Minuten.",
    );
  });

  test("created open or assigned, deleted", () => {
    const open = shift({ employee_id: null, employee_name: null });
    expect(say({ action: "shift.create", details: { after: open } })).toBe(
      "anna hat eine offene Schicht am Mo 30.11.2026 in Bahnhof von 09:00–17:00 angelegt.",
    );
    expect(say({ action: "shift.create", details: { after: shift() } })).toBe(
      "anna hat eine Schicht für Max Muster am Mo 30.11.2026 in Bahnhof von 09:00–17:00 angelegt.",
    );
    expect(say({ action: "shift.delete", details: { before: shift() } })).toBe(
      "anna hat die Schicht von Max Muster am Mo 30.11.2026 in Bahnhof von 09:00–17:00 gelöscht.",
    );
  });

  test("rows written before snapshots name the shift by id", () => {
    expect(say({ action: "shift.update", entityType: "shift", entityId: 12, details: null })).toBe(
      "anna hat die Schicht #12 geändert.",
    );
    expect(say({ action: "shift.delete", entityId: 12, details: { applications_cleared: [3] } })).toBe(
      "anna hat die Schicht #12 gelöscht.",
    );
  });

  test("a snapshot without names falls back to ids", () => {
    const details = { after: shift({ employee_name: null, location_name: null }) };
    expect(say({ action: "shift.create", details })).toBe(
      "anna hat eine Schicht für #7 am Mo 30.11.2026 in #3 von 09:00–17:00 angelegt.",
    );
  });
});

describe("weeks, undo and templates", () => {
  test("copying a week counts the shifts and the open ones", () => {
    const details = {
      change_id: "c",
      from_start_date: "2026-11-23",
      to_start_date: "2026-11-30",
      created: 21,
      opened: 2,
    };
    expect(say({ action: "shift.copy_week", details })).toBe(
      "anna hat die Woche vom 23.11. in die Woche vom 30.11.2026 kopiert (21 Schichten, 2 davon offen).",
    );
    expect(say({ action: "shift.copy_week", details: { ...details, created: 1, opened: 0 } })).toBe(
      "anna hat die Woche vom 23.11. in die Woche vom 30.11.2026 kopiert (1 Schicht).",
    );
    const filled = { change_id: "c", assigned: 12, start_date: "2026-11-30", end_date: "2026-12-06" };
    expect(say({ action: "shift.auto_fill", details: filled })).toBe(
      "anna hat 12 offene Schichten vom 30.11. bis 06.12.2026 automatisch besetzt.",
    );
    expect(say({ action: "shift.auto_fill", details: { ...filled, assigned: 1, end_date: "2026-11-30" } })).toBe(
      "anna hat eine offene Schicht am 30.11.2026 automatisch besetzt.",
    );
  });

  test("a publication names its week, its changes and whom it told (docs/PRODUCT-RULES.md §33.3)", () => {
    const published = { start_date: "2026-11-30", end_date: "2026-12-06", location_ids: null, changes: 3, notified: 2 };
    expect(say({ action: "shift.publish", details: published })).toBe(
      "anna hat den Plan vom 30.11. bis 06.12.2026 veröffentlicht (3 Änderungen, 2 Personen benachrichtigt).",
    );
    expect(say({ action: "shift.publish", details: { ...published, changes: 1, notified: 0 } })).toBe(
      "anna hat den Plan vom 30.11. bis 06.12.2026 veröffentlicht (eine Änderung).",
    );
  });

  test("an undo counts its shifts, given as a number or a list", () => {
    expect(say({ action: "change.undo", details: { undone_change_id: "x", shifts: 3 } })).toBe(
      "anna hat eine Änderung rückgängig gemacht (3 Schichten).",
    );
    expect(say({ action: "change.undo", details: { shifts: [1] } })).toBe(
      "anna hat eine Änderung rückgängig gemacht (1 Schicht).",
    );
  });

  test("week templates by their name, else by id", () => {
    const row = { entityType: "week_template", entityId: 5, names: { weekTemplate: "Standard" } };
    const details = { week_start: "2026-11-30", shifts_created: 14 };
    expect(say({ ...row, action: "week_template.apply", details })).toBe(
      "anna hat die Wochenvorlage „Standard“ auf die Woche vom 30.11.2026 angewendet (14 Schichten).",
    );
    const saved = { from_week: "2026-11-23", shifts: 14 };
    expect(say({ ...row, action: "week_template.create", details: saved })).toBe(
      "anna hat die Woche vom 23.11.2026 als Wochenvorlage „Standard“ gespeichert (14 Schichten).",
    );
    expect(say({ action: "week_template.delete", entityType: "week_template", entityId: 5 })).toBe(
      "anna hat die Wochenvorlage „#5“ gelöscht.",
    );
  });
});

describe("vacations, unavailability and applications", () => {
  const names = { employee: "Max Muster", vacationStart: "2026-12-21", vacationEnd: "2026-12-24" };

  test("approve and reject name the employee, the period and the days", () => {
    const row = { entityType: "vacation", entityId: 9, names, details: { employee_id: 7, days: 4 } };
    expect(say({ ...row, action: "vacation.approve" })).toBe(
      "anna hat den Ferienantrag von Max Muster genehmigt (21.12.2026–24.12.2026, 4 Tage).",
    );
    expect(say({ ...row, action: "vacation.reject" })).toBe(
      "anna hat den Ferienantrag von Max Muster abgelehnt (21.12.2026–24.12.2026, 4 Tage).",
    );
  });

  test("a deleted vacation by its recorded days; an unknown employee by id", () => {
    const details = { employee_id: 7, days: 1, status: "approved" };
    expect(say({ action: "vacation.delete", details, names: { employee: "Max Muster" } })).toBe(
      "anna hat die Ferien von Max Muster gelöscht (1 Tag).",
    );
    expect(say({ action: "vacation.request", actor: "max", details: { employee_id: 7, days: 2 } })).toBe(
      "max hat Ferien für #7 beantragt (2 Tage).",
    );
  });

  test("unavailability with its days and hours", () => {
    const details = { employee_id: 7, start_date: "2026-12-02", end_date: "2026-12-02", start_time: "08:00" };
    expect(say({ action: "unavailability.create", details: { ...details, end_time: "12:00" }, names })).toBe(
      "anna hat „Nicht verfügbar“ für Max Muster eingetragen (02.12.2026, 08:00–12:00).",
    );
    const days = { employee_id: 7, start_date: "2026-12-02", end_date: "2026-12-03", start_time: null };
    expect(say({ action: "unavailability.update", details: days, names })).toBe(
      "anna hat „Nicht verfügbar“ für Max Muster geändert (02.12.2026–03.12.2026, ganztags).",
    );
  });

  test("absences (docs/PRODUCT-RULES.md §32.2): the type for the planners, the hours, a sick report", () => {
    const days = { employee_id: 7, type: "militaer", start_date: "2026-12-02", end_date: "2026-12-04", hours: null };
    expect(say({ action: "absence.create", details: days, names })).toBe(
      "anna hat Militär-/Zivildienst für Max Muster eingetragen (02.12.2026–04.12.2026).",
    );
    const hours = {
      employee_id: 7,
      type: "weiterbildung",
      start_date: "2026-12-02",
      end_date: "2026-12-02",
      hours: 2.5,
    };
    expect(say({ action: "absence.update", details: hours, names })).toBe(
      "anna hat die Abwesenheit von Max Muster geändert (02.12.2026, 2.5 h).",
    );
    const report = { employee_id: 7, start_date: "2026-12-02", end_date: "2026-12-03" };
    expect(say({ actor: "max", action: "absence.sick_report", details: report, names })).toBe(
      "Max Muster hat sich krank gemeldet (02.12.2026–03.12.2026).",
    );
  });

  test("an application names the open shift's day and location", () => {
    const row = { entityType: "shift", entityId: 4, details: { employee_id: 7 } };
    const where = { employee: "Max Muster", shiftDate: "2026-11-30", shiftLocation: "Bahnhof" };
    expect(say({ ...row, actor: "max", action: "shift_application.create", names: where })).toBe(
      "max hat Max Muster auf die offene Schicht am Mo 30.11.2026 in Bahnhof gemeldet.",
    );
    expect(say({ ...row, action: "shift_application.delete", names: { employee: "Max Muster" } })).toBe(
      "anna hat die Meldung von Max Muster auf die offene Schicht #4 zurückgezogen.",
    );
  });
});

describe("master data, users and sign-ins", () => {
  test("employees, locations, settings and presets", () => {
    expect(
      say({
        action: "employee.update",
        entityId: 7,
        details: { changed: ["weekly_hours", "x"] },
        names: { employee: "Max Muster" },
      }),
    ).toBe("anna hat die Daten von Max Muster geändert (Wochenstunden, x).");
    expect(
      say({ action: "location.archive", entityId: 3, names: { location: "Bahnhof" }, details: { shifts_deleted: 2 } }),
    ).toBe("anna hat den Standort „Bahnhof“ archiviert (2 Schichten gelöscht).");
    expect(say({ action: "settings.update", details: { changed: ["company_name"] } })).toBe(
      "anna hat die Betriebseinstellungen geändert (Firmenname).",
    );
    const early = { location_id: 3, location_name: "Bahnhof", name: "Früh", start_time: "06:00", end_time: "14:00" };
    const later = { ...early, name: "Frühdienst", start_time: "06:30", end_time: "14:30", break_minutes: 30 };
    expect(say({ action: "shift_preset.create", details: { after: early } })).toBe(
      "anna hat die Schichtart „Früh“ (06:00–14:00) in Bahnhof angelegt.",
    );
    expect(say({ action: "shift_preset.update", details: { before: early, after: later } })).toBe(
      "anna hat die Schichtart „Früh“ (06:00–14:00) in Bahnhof geändert, neu: „Frühdienst“ (06:30–14:30).",
    );
    expect(say({ action: "shift_preset.delete", entityId: 4, details: { before: early } })).toBe(
      "anna hat die Schichtart „Früh“ (06:00–14:00) in Bahnhof gelöscht.",
    );
    expect(say({ action: "shift_preset.delete", entityId: 4 })).toBe("anna hat die Schichtart #4 gelöscht.");
  });

  test("user accounts and the first admin", () => {
    expect(say({ action: "user.create", details: { username: "max", role: "manager" } })).toBe(
      "anna hat den Benutzer „max“ (Manager) angelegt.",
    );
    expect(say({ action: "user.bootstrap_admin", actor: null, entityId: 1, names: { user: "admin" } })).toBe(
      "Das System hat den ersten Administrator „admin“ angelegt.",
    );
    expect(
      say({
        action: "calendar_feed.issue",
        entityId: 7,
        details: { replaced: true },
        names: { employee: "Max Muster" },
      }),
    ).toBe("anna hat den Kalender-Link von Max Muster erneuert.");
  });

  test("sign-ins with and without 2FA, failures and logouts", () => {
    expect(say({ action: "auth.login", details: { two_factor: true } })).toBe("anna hat sich angemeldet (mit 2FA).");
    expect(say({ action: "auth.login", details: { two_factor: false } })).toBe("anna hat sich angemeldet.");
    const unknown = { username: "mallory", reason: "unknown_user" };
    expect(say({ action: "auth.login_failed", actor: null, details: unknown })).toBe(
      "Anmeldung als „mallory“ fehlgeschlagen (unbekannter Benutzer).",
    );
    expect(say({ action: "auth.logout", actor: null, entityId: 2, names: { user: "anna" } })).toBe(
      "anna hat sich abgemeldet.",
    );
  });

  test("re-checks inside a session: wrong answers and the lock (§30.2)", () => {
    expect(
      say({ action: "auth.recheck_failed", details: { check: "change_password", reason: "wrong_password" } }),
    ).toBe("anna hat beim Ändern des Passworts ein falsches Passwort eingegeben.");
    expect(
      say({ action: "auth.recheck_failed", details: { check: "disable_2fa", reason: "wrong_recovery_code" } }),
    ).toBe("anna hat beim Ausschalten der 2FA einen falschen Wiederherstellungscode eingegeben.");
    expect(say({ action: "auth.recheck_failed", details: {} })).toBe("anna hat eine falsche Bestätigung eingegeben.");
    expect(say({ action: "auth.recheck_locked", details: { check: "recovery_codes", retry_after: 840 } })).toBe(
      "anna wurde beim Erzeugen neuer Wiederherstellungscodes abgewiesen: zu viele falsche Eingaben " +
        "(noch 14 Minuten gesperrt).",
    );
    expect(say({ action: "auth.recheck_locked", details: { retry_after: 30 } })).toBe(
      "anna wurde abgewiesen: zu viele falsche Eingaben (noch 1 Minute gesperrt).",
    );
  });
});

describe("never an error", () => {
  test("an unknown action gets a generic sentence", () => {
    expect(say({ action: "robot.dance", details: { anything: [1, 2] } })).toBe("anna hat robot.dance ausgeführt.");
    expect(say({ action: "vacation.teleport", actor: null })).toBe("Das System hat vacation.teleport ausgeführt.");
  });

  test("odd details (a string, an array, wrong types) do not throw", () => {
    for (const details of ["x", [1], { before: "no", after: 3 }, { employee_id: { from: 1, to: 2 } }, 42]) {
      for (const action of [
        "shift.update",
        "shift.copy_week",
        "vacation.approve",
        "user.update",
        "auth.login",
        "auth.recheck_failed",
        "auth.recheck_locked",
      ]) {
        expect(say({ action, details })).toMatch(/^.+\.$/);
      }
    }
  });
});

describe("issue 29: what an undo undid, the shifts a vacation opened, the week of an entry", () => {
  test("an undo names the change it undid; undoing that undo restores it; old rows keep the plain sentence", () => {
    const undone = { before: shift(), after: shift({ shift_date: "2026-12-01", location_name: "Zentrum" }) };
    const details = { change_id: "u1", undone_change_id: "c1", shifts: 1, undone_action: "shift.update", undone };
    const moved = "»Schicht von Max Muster vom Mo 30.11. (Bahnhof) auf Di 01.12. (Zentrum) verschoben«";
    expect(say({ action: "change.undo", details })).toBe(`anna hat ${moved} rückgängig gemacht (1 Schicht).`);
    expect(say({ action: "change.undo", details: { ...details, restores: true } })).toBe(
      `anna hat ${moved} wiederhergestellt (1 Schicht).`,
    );
    const copy = { from_start_date: "2026-11-23", to_start_date: "2026-11-30", created: 21, opened: 2 };
    expect(
      say({ action: "change.undo", details: { shifts: 21, undone_action: "shift.copy_week", undone: copy } }),
    ).toBe(
      "anna hat »Woche vom 23.11. in die Woche vom 30.11.2026 kopiert (21 Schichten, 2 davon offen)« " +
        "rückgängig gemacht (21 Schichten).",
    );
    const template = { week_start: "2026-11-30", shifts_created: 3 };
    expect(say({ action: "change.undo", details: { undone_action: "week_template.apply", undone: template } })).toBe(
      "anna hat »Wochenvorlage auf die Woche vom 30.11.2026 angewendet (3 Schichten)« rückgängig gemacht.",
    );
    const created = { after: shift({ employee_id: null, employee_name: null }) };
    expect(say({ action: "change.undo", details: { shifts: 1, undone_action: "shift.create", undone: created } })).toBe(
      "anna hat »Offene Schicht am Mo 30.11.2026 in Bahnhof von 09:00–17:00 angelegt« rückgängig gemacht (1 Schicht).",
    );
    const vacation = {
      employee_id: 7,
      days: 2,
      employee_name: "Max Muster",
      vacation_start: "2026-11-30",
      vacation_end: "2026-12-01",
      opened_shifts: [{ shift_date: "2026-11-30", location_name: "Bahnhof", start_time: "09:00", end_time: "17:00" }],
    };
    expect(
      say({ action: "change.undo", details: { shifts: 1, undone_action: "vacation.create", undone: vacation } }),
    ).toBe(
      "anna hat »Ferien für Max Muster eingetragen (30.11.2026–01.12.2026, 2 Tage); jetzt offen: Mo 30.11.2026 in " +
        "Bahnhof« rückgängig gemacht (1 Schicht).",
    );
    expect(say({ action: "change.undo", details: { shifts: 3 } })).toBe(
      "anna hat eine Änderung rückgängig gemacht (3 Schichten).",
    );
  });

  test("a vacation's sentence names the shifts it opened, five at most", () => {
    const opened = (date: string, location: string) => ({
      shift_date: date,
      location_name: location,
      start_time: "09:00",
      end_time: "17:00",
    });
    const names = { employee: "Max Muster", vacationStart: "2026-11-30", vacationEnd: "2026-12-01" };
    const two = [opened("2026-11-30", "Bahnhof"), opened("2026-12-01", "Zentrum")];
    expect(say({ action: "vacation.create", details: { employee_id: 7, days: 2, opened_shifts: two }, names })).toBe(
      "anna hat Ferien für Max Muster eingetragen (30.11.2026–01.12.2026, 2 Tage); " +
        "jetzt offen: Mo 30.11.2026 in Bahnhof, Di 01.12.2026 in Zentrum.",
    );
    const seven = ["01", "02", "03", "04", "07", "08", "09"].map((day) => opened(`2026-12-${day}`, "Bahnhof"));
    expect(say({ action: "vacation.approve", details: { days: 7, opened_shifts: seven }, names })).toMatch(
      /jetzt offen: Di 01\.12\.2026 in Bahnhof, .*, Mo 07\.12\.2026 in Bahnhof und 2 weitere\.$/,
    );
    expect(say({ action: "vacation.create", details: { days: 2, opened_shift_ids: [] }, names })).toBe(
      "anna hat Ferien für Max Muster eingetragen (30.11.2026–01.12.2026, 2 Tage).",
    );
  });

  test("the week of an entry: the shift's, the copy's target, the vacation's start, the undone change's", () => {
    const week = (row: Partial<DescribableAudit> & { action: string }) =>
      auditWeek({ actor: "anna", entityType: null, entityId: null, details: null, ...row });
    expect(
      week({ action: "shift.update", details: { before: shift(), after: shift({ shift_date: "2026-12-07" }) } }),
    ).toBe("2026-12-07");
    expect(week({ action: "shift.delete", details: { before: shift({ shift_date: "2026-12-03" }) } })).toBe(
      "2026-11-30",
    );
    expect(week({ action: "shift.copy_week", details: { to_start_date: "2026-12-14" } })).toBe("2026-12-14");
    expect(week({ action: "shift.auto_fill", details: { start_date: "2026-12-16" } })).toBe("2026-12-14");
    expect(week({ action: "week_template.apply", details: { week_start: "2026-12-21" } })).toBe("2026-12-21");
    expect(week({ action: "vacation.create", names: { vacationStart: "2026-12-24" } })).toBe("2026-12-21");
    expect(week({ action: "shift_application.create", names: { shiftDate: "2026-12-02" } })).toBe("2026-11-30");
    expect(week({ action: "unavailability.create", details: { start_date: "2026-12-05" } })).toBe("2026-11-30");
    const undone = { undone_action: "shift.create", undone: { after: shift() } };
    expect(week({ action: "change.undo", details: undone })).toBe("2026-11-30");
    // No week: master data, sign-ins, an undo of old, a day outside the planner's window (§30.1).
    expect(week({ action: "employee.update", details: { employee_id: 7 } })).toBeNull();
    expect(week({ action: "auth.login" })).toBeNull();
    expect(week({ action: "change.undo", details: { shifts: 3 } })).toBeNull();
    expect(week({ action: "vacation.create", names: { vacationStart: "2000-01-01" } })).toBeNull();
    expect(week({ action: "vacation.create", names: { vacationStart: null } })).toBeNull();
  });
});

describe("time recording (docs/PRODUCT-RULES.md §32.1)", () => {
  const names = { employee: "Lea Muster" };
  test("stamps name the employee and the terminal", () => {
    expect(say({ action: "time_entry.clock", details: { action: "in", source: "app" }, names })).toBe(
      "Lea Muster hat sich eingestempelt.",
    );
    expect(say({ action: "time_entry.clock", details: { action: "out", source: "terminal" }, names })).toBe(
      "Lea Muster hat sich an der Stempeluhr ausgestempelt.",
    );
  });

  test("a manager's change says its reason; corrections their decision", () => {
    expect(say({ action: "time_entry.update", details: { reason: "Kasse" }, names })).toBe(
      "anna hat einen Zeiteintrag von Lea Muster korrigiert (Begründung: Kasse).",
    );
    expect(say({ action: "time_correction.reject", details: {}, names })).toBe(
      "anna hat den Korrekturantrag von Lea Muster abgelehnt.",
    );
  });
});

describe("PINs and the terminal (docs/PRODUCT-RULES.md §32.4)", () => {
  const names = { employee: "Lea Muster" };

  test("a terminal's life and a PIN are told in German, never with a token or the PIN", () => {
    const terminal = { name: "Eingang", location_id: 3 };
    expect(say({ action: "terminal.create", details: terminal })).toBe(
      "anna hat die Stempeluhr „Eingang“ registriert.",
    );
    expect(say({ action: "terminal.pairing_link", details: terminal })).toBe(
      "anna hat einen neuen Kopplungslink für die Stempeluhr „Eingang“ erstellt.",
    );
    expect(say({ action: "terminal.pair", actor: null, details: terminal })).toBe(
      "Ein Gerät wurde als Stempeluhr „Eingang“ gekoppelt.",
    );
    expect(say({ action: "terminal.revoke", details: terminal })).toBe("anna hat die Stempeluhr „Eingang“ widerrufen.");
    expect(say({ action: "terminal.pin_set", details: { employee_id: 7 }, names })).toBe(
      "anna hat die PIN von Lea Muster festgelegt.",
    );
    expect(say({ action: "terminal.pin_remove", details: { employee_id: 7 }, names })).toBe(
      "anna hat die PIN von Lea Muster entfernt.",
    );
    expect(say({ action: "terminal.pin_locked", actor: null, details: { employee_id: 7 }, names })).toBe(
      "Lea Muster wurde nach zu vielen falschen PINs an einer Stempeluhr 15 Minuten gesperrt.",
    );
    expect(say({ action: "terminal.paused", actor: null, details: {} })).toBe(
      "Eine Stempeluhr wurde nach zu vielen falschen PINs 15 Minuten pausiert.",
    );
  });
});

describe("the monthly approval (docs/PRODUCT-RULES.md §32.3)", () => {
  const names = { employee: "Lea Muster" };

  test("approving and reopening name the month, the person, the entries and the reason", () => {
    expect(
      say({ action: "timesheet.approve", details: { employee_id: 7, month: "2026-11", entries: 12 }, names }),
    ).toBe("anna hat den November 2026 von Lea Muster genehmigt (12 Einträge).");
    expect(say({ action: "timesheet.approve", details: { employee_id: 7, month: "2026-03", entries: 0 }, names })).toBe(
      "anna hat den März 2026 von Lea Muster genehmigt.",
    );
    expect(
      say({
        action: "timesheet.reopen",
        details: { employee_id: 7, month: "2026-11", entries: 1, reason: "Pause vom 02.11. fehlt" },
        names,
      }),
    ).toBe(
      "anna hat den November 2026 von Lea Muster wieder geöffnet (1 Eintrag, Begründung: Pause vom 02.11. fehlt).",
    );
    // Details of old or odd rows: still a sentence, never the raw month.
    expect(say({ action: "timesheet.reopen", details: { month: "2026-13" }, names })).toBe(
      "anna hat einen Monat von Lea Muster wieder geöffnet.",
    );
  });

  test("the time account's bookings and opening balance as sentences (docs/PRODUCT-RULES.md §34.3)", () => {
    expect(
      say({
        action: "timesheet.account_booking",
        details: { employee_id: 7, month: "2026-03", kind: "payout", minutes: 300, reason: "Mit dem Märzlohn" },
        names,
      }),
    ).toBe("anna hat 5:00 h vom Zeitkonto von Lea Muster ausbezahlt (März 2026, Begründung: Mit dem Märzlohn).");
    expect(
      say({
        action: "timesheet.account_booking",
        details: { employee_id: 7, month: "2026-04", kind: "correction", minutes: -45, reason: "Doppelt erfasst" },
        names,
      }),
    ).toBe(
      "anna hat auf dem Zeitkonto von Lea Muster eine Korrektur um −0:45 h gebucht " +
        "(April 2026, Begründung: Doppelt erfasst).",
    );
    expect(
      say({
        action: "timesheet.account_opening",
        details: { employee_id: 7, before: null, after: { month: "2026-03", minutes: 750, reason: "Übertrag" } },
        names,
      }),
    ).toBe("anna hat den Anfangssaldo von Lea Muster auf +12:30 h ab März 2026 gesetzt (Begründung: Übertrag).");
  });

  test("no action of time recording, absences, the approval or the terminal falls back to the generic text", () => {
    const timeActions = Object.entries(AUDIT_ACTIONS)
      .filter(([, kind]) => kind === "time" || kind === "absences")
      .map(([action]) => action);
    expect(timeActions).toEqual(expect.arrayContaining(["timesheet.approve", "terminal.pin_set", "absence.create"]));
    for (const action of timeActions)
      expect(say({ action, details: {}, names }), action).not.toMatch(/ausgeführt|\w+\.\w+/);
  });
});
