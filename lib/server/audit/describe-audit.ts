/**
 * An audit row as one German sentence (docs/PRODUCT-RULES.md §27.5): who did what, and for changes what it was
 * before and after. Pure: names come with the row (from the row's snapshot, else looked up by find-audit.ts in the
 * same statement, else "#id"). Every action gets a sentence; an unknown one a generic sentence, never an error.
 */
import { FIRST_WEEK_START, isoWeekday, LAST_WEEK_START, mondayOf } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { WEEKDAYS_LONG } from "@/lib/shared/unavailability-text";
import { formatHours } from "@/lib/shared/hours";
import { monthLabel } from "@/lib/shared/periods";
import { hoursMinutes } from "@/lib/shared/time-entry-text";
import { describeSwap, swapShiftDate } from "./describe-swap";
import { wishLabel } from "@/lib/shared/wishes";
import { describeWebhook } from "./describe-webhook";

/** A shift as recorded in `details.before` / `details.after` of shift writes, names as at write time. */
export type ShiftSnapshot = {
  employee_id: number | null;
  employee_name: string | null;
  location_id: number;
  location_name: string | null;
  shift_date: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  custom_name: string | null;
};

export type DescribableAudit = {
  action: string;
  /** The acting user's name as recorded; null for the system (first admin) and logouts. */
  actor: string | null;
  entityType: string | null;
  entityId: number | null;
  details: unknown;
  /** Current names of what the row refers to, looked up by id; null when gone or not applicable. */
  names?: {
    /** The employee of `entity_id` (entity "employee") or of `details.employee_id`. */
    employee?: string | null;
    location?: string | null;
    user?: string | null;
    weekTemplate?: string | null;
    /** The shift of `entity_id` (entity "shift"): its date and location now. */
    shiftDate?: string | null;
    shiftLocation?: string | null;
    /** The vacation of `entity_id`: its period now. */
    vacationStart?: string | null;
    vacationEnd?: string | null;
  };
};

type Details = Record<string, unknown>;
type Names = NonNullable<DescribableAudit["names"]>;

const FIELD_LABELS: Record<string, string> = {
  first_name: "Vorname",
  last_name: "Nachname",
  weekly_hours: "Wochenstunden",
  vacation_days: "Ferientage",
  color: "Farbe",
  email: "E-Mail",
  email_notifications: "Mitteilungen per E-Mail",
  phone: "Telefon",
  name: "Name",
  address: "Adresse",
  holiday_region: "Feiertagsregion",
  username: "Benutzername",
  role: "Rolle",
  password: "Passwort",
  employee_id: "Verknüpfung mit Mitarbeiter",
  company_name: "Firmenname",
  location_ids: "Einsatzorte",
  surcharge_percents: "Zuschläge",
  wage_types: "Lohnarten",
  csv_headings: "Spaltennamen des CSV",
  datev_consultant_number: "DATEV-Beraternummer",
  datev_client_number: "DATEV-Mandantennummer",
  personnel_number: "Personalnummer",
};
const ROLE_LABELS: Record<string, string> = { user: "Mitarbeitende", manager: "Manager", admin: "Administrator" };
const LOGIN_FAILURES: Record<string, string> = {
  wrong_password: "falsches Passwort",
  unknown_user: "unbekannter Benutzer",
  wrong_2fa_code: "falscher 2FA-Code",
  wrong_recovery_code: "falscher Wiederherstellungscode",
};
/** Re-checks inside a session (docs/PRODUCT-RULES.md §30.2), after "beim". */
const RECHECKS: Record<string, string> = {
  change_password: "Ändern des Passworts",
  disable_2fa: "Ausschalten der 2FA",
  recovery_codes: "Erzeugen neuer Wiederherstellungscodes",
};
const WRONG_ANSWERS: Record<string, string> = {
  wrong_password: "ein falsches Passwort",
  wrong_2fa_code: "einen falschen 2FA-Code",
  wrong_recovery_code: "einen falschen Wiederherstellungscode",
};

const asDetails = (value: unknown): Details =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Details) : {};
const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const quoted = (value: string) => `„${value}“`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const shifts = (n: number) => count(n, "Schicht", "Schichten");
const inPlace = (location: string | null | undefined) => (location ? ` in ${location}` : "");

function isSnapshot(value: unknown): value is ShiftSnapshot {
  const shift = asDetails(value);
  return typeof shift.shift_date === "string" && typeof shift.start_time === "string";
}

/** 2026-11-30 → "Mo 30.11.2026" */
export function weekdayDate(isoDate: string): string {
  return `${WEEKDAYS_SHORT[isoWeekday(isoDate) - 1]} ${formatDate(isoDate)}`;
}

const weekdayDayMonth = (isoDate: string) => `${WEEKDAYS_SHORT[isoWeekday(isoDate) - 1]} ${formatDayMonth(isoDate)}`;
const hhmm = (time: string) => time.slice(0, 5);
const times = (shift: ShiftSnapshot) => `${hhmm(shift.start_time)}–${hhmm(shift.end_time)}`;
const locationOf = (shift: ShiftSnapshot) => shift.location_name ?? `#${shift.location_id}`;
const personOf = (shift: ShiftSnapshot) =>
  shift.employee_id === null ? null : (shift.employee_name ?? `#${shift.employee_id}`);
const whereWhen = (shift: ShiftSnapshot) => `am ${weekdayDate(shift.shift_date)} in ${locationOf(shift)}`;

/** "die Schicht von Max Muster" / "die offene Schicht" */
function theShift(shift: ShiftSnapshot): string {
  const person = personOf(shift);
  return person === null ? "die offene Schicht" : `die Schicht von ${person}`;
}

function describeShift(actor: string, action: string, details: Details, entityId: number | null): string {
  const before = isSnapshot(details.before) ? details.before : null;
  const after = isSnapshot(details.after) ? details.after : null;
  const verb = action.slice("shift.".length);
  if (verb === "create" && after) {
    const person = personOf(after);
    const what = person === null ? "eine offene Schicht" : `eine Schicht für ${person}`;
    return `${actor} hat ${what} ${whereWhen(after)} von ${times(after)} angelegt.`;
  }
  if (verb === "delete" && before) {
    return `${actor} hat ${theShift(before)} ${whereWhen(before)} von ${times(before)} gelöscht.`;
  }
  if (verb === "update" && before && after) return describeShiftUpdate(actor, before, after);
  const verbs: Record<string, string> = { create: "angelegt", update: "geändert", delete: "gelöscht" };
  if (verbs[verb]) return `${actor} hat die Schicht ${entityId === null ? "" : `#${entityId} `}${verbs[verb]}.`;
  return generic(actor, action);
}

function describeShiftUpdate(actor: string, before: ShiftSnapshot, after: ShiftSnapshot): string {
  const changed = new Set<string>();
  if (before.employee_id !== after.employee_id) changed.add("employee");
  if (before.shift_date !== after.shift_date) changed.add("date");
  if (before.location_id !== after.location_id) changed.add("location");
  if (times(before) !== times(after)) changed.add("times");
  if (before.break_minutes !== after.break_minutes) changed.add("break");
  if ((before.custom_name ?? null) !== (after.custom_name ?? null)) changed.add("name");
  const only = (...keys: string[]) => changed.size > 0 && [...changed].every((key) => keys.includes(key));
  const subject = `${actor} hat ${theShift(before)}`;

  if (changed.size === 0) return `${subject} ${whereWhen(before)} gespeichert (ohne Änderung).`;
  if (only("times")) return `${subject} ${whereWhen(before)} von ${times(before)} auf ${times(after)} geändert.`;
  if (only("date", "location")) {
    const from = `${weekdayDayMonth(before.shift_date)} (${locationOf(before)})`;
    const to = `${weekdayDayMonth(after.shift_date)} (${locationOf(after)})`;
    return `${subject} vom ${from} auf ${to} verschoben.`;
  }
  if (only("employee")) {
    const slot = `${whereWhen(before)} (${times(before)})`;
    const from = personOf(before);
    const to = personOf(after);
    if (from === null) return `${actor} hat die offene Schicht ${slot} ${to} zugewiesen.`;
    if (to === null) return `${actor} hat ${from} von der Schicht ${slot} genommen; sie ist jetzt offen.`;
    return `${actor} hat die Schicht ${slot} von ${from} an ${to} übergeben.`;
  }
  const now: string[] = [];
  if (changed.has("employee")) now.push(personOf(after) ?? "offen");
  if (changed.has("date")) now.push(weekdayDate(after.shift_date));
  if (changed.has("location")) now.push(locationOf(after));
  if (changed.has("times")) now.push(times(after));
  if (changed.has("break")) now.push(`Pause ${after.break_minutes} Minuten`);
  if (changed.has("name")) now.push(after.custom_name ? quoted(after.custom_name) : "ohne Bezeichnung");
  return `${subject} ${whereWhen(before)} (${times(before)}) geändert, neu: ${now.join(", ")}.`;
}

function shiftCount(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  return num(value);
}

/** Several shifts moved, copied or deleted at once (docs/PRODUCT-RULES.md §31.7). */
function describeBulk(actor: string, action: string, details: Details): string | null {
  if (action !== "shift.bulk_move" && action !== "shift.bulk_copy" && action !== "shift.bulk_delete") return null;
  const n = num(details.shifts);
  const what = n === null ? "Schichten" : n === 1 ? "eine Schicht" : shifts(n);
  const days = num(details.days);
  const location = text(details.location_name);
  const dates = Array.isArray(details.to_dates)
    ? details.to_dates.filter((d): d is string => typeof d === "string")
    : [];
  const where = [
    dates.length > 0 ? `auf ${dates.map((date) => formatDayMonth(date)).join(", ")}` : null,
    days ? `um ${count(Math.abs(days), "Tag", "Tage")} ${days > 0 ? "später" : "früher"}` : null,
    location ? `nach ${location}` : null,
  ].filter(Boolean);
  const target = where.length > 0 ? ` ${where.join(" ")}` : "";
  const start = text(details.start_date);
  if (action === "shift.bulk_delete") return `${actor} hat ${what}${start ? ` ab ${formatDate(start)}` : ""} gelöscht.`;
  if (action === "shift.bulk_move") return `${actor} hat ${what}${target} verschoben.`;
  const opened = num(details.opened);
  return `${actor} hat ${what}${target} kopiert${opened ? ` (${opened} davon offen)` : ""}.`;
}

function describePlanBatch(actor: string, action: string, details: Details): string | null {
  if (action === "shift.copy_week") {
    const from = text(details.from_start_date);
    const to = text(details.to_start_date);
    const created = num(details.created);
    const opened = num(details.opened);
    const weeks =
      from && to ? `die Woche vom ${formatDayMonth(from)} in die Woche vom ${formatDate(to)}` : "eine Woche";
    const extra = created === null ? "" : ` (${shifts(created)}${opened ? `, ${opened} davon offen` : ""})`;
    return `${actor} hat ${weeks} kopiert${extra}.`;
  }
  const bulk = describeBulk(actor, action, details);
  if (bulk) return bulk;
  if (action === "shift.auto_fill") {
    const assigned = num(details.assigned);
    const from = text(details.start_date);
    const to = text(details.end_date);
    const period =
      from && to
        ? from === to
          ? ` am ${formatDate(from)}`
          : ` vom ${formatDayMonth(from)} bis ${formatDate(to)}`
        : "";
    const count =
      assigned === null ? "offene Schichten" : assigned === 1 ? "eine offene Schicht" : `${assigned} offene Schichten`;
    return `${actor} hat ${count}${period} automatisch besetzt.`;
  }
  if (action === "shift.publish") {
    // docs/PRODUCT-RULES.md §33.3: "… hat den Plan vom 30.11. bis 06.12.2026 veröffentlicht (3 Änderungen, 2 Personen
    // benachrichtigt)."
    const from = text(details.start_date);
    const to = text(details.end_date);
    const changes = num(details.changes);
    const notified = num(details.notified);
    const period = from && to ? ` vom ${formatDayMonth(from)} bis ${formatDate(to)}` : "";
    const counts =
      changes === null
        ? ""
        : ` (${changes === 1 ? "eine Änderung" : `${changes} Änderungen`}` +
          `${notified ? `, ${notified === 1 ? "eine Person" : `${notified} Personen`} benachrichtigt` : ""})`;
    return `${actor} hat den Plan${period} veröffentlicht${counts}.`;
  }
  if (action === "change.undo") {
    const undone = shiftCount(details.shifts);
    const extra = undone === null ? "" : ` (${shifts(undone)})`;
    const what = undonePhrase(details);
    if (what === null) return `${actor} hat eine Änderung rückgängig gemacht${extra}.`;
    // Undoing an undo brings the change back (docs/PRODUCT-RULES.md §27.7, §31.6).
    return details.restores === true
      ? `${actor} hat »${what}« wiederhergestellt${extra}.`
      : `${actor} hat »${what}« rückgängig gemacht${extra}.`;
  }
  return null;
}

/** The marker the phrase of an undone change is cut from; no username can contain a line break. */
const PHRASE_ACTOR = "\n";

/**
 * The undone change of an undo's row (`undone_action`, `undone`: its own audit details, write-changes.ts) as a
 * phrase: "Schicht von Max Muster vom Mo 30.11. (Bahnhof) auf Di 01.12. (Zentrum) verschoben". Null for rows
 * written before undos named it.
 */
function undonePhrase(details: Details): string | null {
  const action = text(details.undone_action);
  if (action === null || action === "change.undo") return null;
  const undone = asDetails(details.undone);
  if (action === "week_template.apply") {
    const week = text(undone.week_start);
    const made = num(undone.shifts_created);
    const on = week ? ` auf die Woche vom ${formatDate(week)}` : "";
    return `Wochenvorlage${on} angewendet${made === null ? "" : ` (${shifts(made)})`}`;
  }
  // An undone vacation (§31.6) keeps its person and dates in the undo's row: its own row names them by lookup.
  const names: Names = {
    employee: text(undone.employee_name) ?? undefined,
    vacationStart: text(undone.vacation_start) ?? undefined,
    vacationEnd: text(undone.vacation_end) ?? undefined,
  };
  const sentence = describeAudit({
    action,
    actor: PHRASE_ACTOR,
    entityType: null,
    entityId: null,
    details: undone,
    names,
  });
  const prefix = `${PHRASE_ACTOR} hat `;
  if (!sentence.startsWith(prefix)) return null;
  const phrase = sentence
    .slice(prefix.length)
    .replace(/\.$/, "")
    .replace(/^(die|eine) /, "");
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

function describeApplication(actor: string, action: string, employee: string, names: Names, id: number | null) {
  const shift =
    names.shiftDate != null
      ? `die offene Schicht am ${weekdayDate(names.shiftDate)}${inPlace(names.shiftLocation)}`
      : `die offene Schicht #${id ?? "?"}`;
  if (action === "shift_application.create") return `${actor} hat ${employee} auf ${shift} gemeldet.`;
  if (action === "shift_application.delete")
    return `${actor} hat die Meldung von ${employee} auf ${shift} zurückgezogen.`;
  return generic(actor, action);
}

function describeVacation(actor: string, action: string, details: Details, employee: string, names: Names): string {
  const days = num(details.days);
  const period =
    names.vacationStart && names.vacationEnd
      ? names.vacationStart === names.vacationEnd
        ? formatDate(names.vacationStart)
        : `${formatDate(names.vacationStart)}–${formatDate(names.vacationEnd)}`
      : null;
  const parts = [period, days === null ? null : count(days, "Tag", "Tage")].filter(Boolean);
  const extra = (parts.length > 0 ? ` (${parts.join(", ")})` : "") + openedShifts(details);
  switch (action) {
    case "vacation.create":
      return `${actor} hat Ferien für ${employee} eingetragen${extra}.`;
    case "vacation.request":
      return `${actor} hat Ferien für ${employee} beantragt${extra}.`;
    case "vacation.update":
      return `${actor} hat die Ferien von ${employee} geändert${extra}.`;
    case "vacation.approve":
      return `${actor} hat den Ferienantrag von ${employee} genehmigt${extra}.`;
    case "vacation.reject":
      return `${actor} hat den Ferienantrag von ${employee} abgelehnt${extra}.`;
    case "vacation.withdraw":
      return `${actor} hat den Ferienantrag von ${employee} zurückgezogen${extra}.`;
    case "vacation.delete":
      return details.status === "requested"
        ? `${actor} hat den Ferienantrag von ${employee} gelöscht${extra}.`
        : `${actor} hat die Ferien von ${employee} gelöscht${extra}.`;
    default:
      return generic(actor, action);
  }
}

/** How many opened shifts a vacation's sentence names; the rest are counted. */
const OPENED_LISTED = 5;

/**
 * "; jetzt offen: Mo 30.11.2026 in Bahnhof, Di 01.12.2026 in Zentrum" — the shifts a vacation opened
 * (docs/PRODUCT-RULES.md §31.6), as recorded when it was written (`opened_shifts`, write-vacations.ts).
 */
function openedShifts(details: Details): string {
  const opened = Array.isArray(details.opened_shifts) ? details.opened_shifts.map(asDetails) : [];
  const listed = opened.slice(0, OPENED_LISTED).flatMap((shift) => {
    const date = text(shift.shift_date);
    return date ? [`${weekdayDate(date)}${inPlace(text(shift.location_name))}`] : [];
  });
  if (listed.length === 0) return "";
  const more = opened.length - listed.length;
  return `; jetzt offen: ${listed.join(", ")}${more > 0 ? ` und ${more} weitere` : ""}`;
}

function describeUnavailability(actor: string, action: string, details: Details, employee: string): string {
  const start = text(details.start_date);
  const end = text(details.end_date);
  const from = text(details.start_time);
  const to = text(details.end_time);
  const weekday = num(details.weekday);
  if (action.startsWith("unavailability.wish_")) return describeWish(actor, action, details, employee);
  let extra = "";
  if (start) {
    let days = !end || end === start ? formatDate(start) : `${formatDate(start)}–${formatDate(end)}`;
    // A weekly entry (docs/PRODUCT-RULES.md §35.8): "jeden Montag ab 07.12.2026".
    if (weekday !== null && weekday >= 1 && weekday <= 7) {
      const range = end ? `vom ${formatDate(start)} bis ${formatDate(end)}` : `ab ${formatDate(start)}`;
      days = `jeden ${WEEKDAYS_LONG[weekday - 1]} ${range}`;
    }
    extra = ` (${days}, ${from && to ? `${hhmm(from)}–${hhmm(to)}` : "ganztags"})`;
  }
  const verbs: Record<string, string> = {
    "unavailability.create": "eingetragen",
    "unavailability.update": "geändert",
    "unavailability.delete": "gelöscht",
  };
  const verb = verbs[action];
  // One word per thing (docs/PRODUCT-RULES.md §31.6): "Abwesenheit" is sick leave, this is "Nicht verfügbar".
  return verb ? `${actor} hat „Nicht verfügbar“ für ${employee} ${verb}${extra}.` : generic(actor, action);
}

/** A wish (docs/PRODUCT-RULES.md §35.8): "… hat den Wunsch „lieber Frühschicht“ für Anna Muster eingetragen." */
function describeWish(actor: string, action: string, details: Details, employee: string): string {
  const kind = text(details.kind);
  const date = text(details.date);
  const known = kind === "prefer_early" || kind === "prefer_late" || (kind === "day_off" && date !== null);
  const wish = known ? ` „${wishLabel({ kind, date })}“` : "";
  const verb = action === "unavailability.wish_create" ? "eingetragen" : "gelöscht";
  return `${actor} hat den Wunsch${wish} für ${employee} ${verb}.`;
}

function changedFields(details: Details): string {
  const changed = Array.isArray(details.changed) ? details.changed.filter((key) => typeof key === "string") : [];
  return changed.length > 0 ? ` (${changed.map((key: string) => FIELD_LABELS[key] ?? key).join(", ")})` : "";
}

type PresetSnapshot = { name: string; location: string | null; times: string | null };

function presetOf(value: unknown): PresetSnapshot | null {
  const preset = asDetails(value);
  const name = text(preset.name);
  if (!name) return null;
  const start = text(preset.start_time);
  const end = text(preset.end_time);
  return { name, location: text(preset.location_name), times: start && end ? `${hhmm(start)}–${hhmm(end)}` : null };
}

/** Presets ("Schichtarten", §27.1) keep a snapshot `{ location_name, name, start_time, end_time, break_minutes }`. */
function describePreset(actor: string, action: string, details: Details, ref: string): string {
  const before = presetOf(details.before);
  const after = presetOf(details.after);
  const one = after ?? before;
  if (!one) {
    const verb = { create: "angelegt", update: "geändert", delete: "gelöscht" }[action.slice("shift_preset.".length)];
    return `${actor} hat die Schichtart ${ref} ${verb ?? "geändert"}.`;
  }
  const at = inPlace(one.location);
  const times = (preset: PresetSnapshot) => (preset.times ? ` (${preset.times})` : "");
  if (action === "shift_preset.update" && before && after) {
    const now = `${quoted(after.name)}${times(after)}`;
    return `${actor} hat die Schichtart ${quoted(before.name)}${times(before)}${at} geändert, neu: ${now}.`;
  }
  const verb = action === "shift_preset.delete" ? "gelöscht" : "angelegt";
  return `${actor} hat die Schichtart ${quoted(one.name)}${times(one)}${at} ${verb}.`;
}

function describeMasterData(actor: string, row: DescribableAudit, details: Details, names: Names): string | null {
  const { action, entityId } = row;
  const ref = `#${entityId ?? "?"}`;
  const employee = names.employee ?? ref;
  const location = quoted(names.location ?? ref);
  const template = quoted(names.weekTemplate ?? text(details.name) ?? ref);
  switch (action) {
    case "employee.create":
      return `${actor} hat ${employee} als Mitarbeiter angelegt.`;
    case "employee.update":
      return `${actor} hat die Daten von ${employee} geändert${changedFields(details)}.`;
    case "employee.archive": {
      const open = num(details.shifts_unassigned);
      return `${actor} hat ${employee} archiviert${open ? ` (${shifts(open)} jetzt offen)` : ""}.`;
    }
    case "location.create":
      return `${actor} hat den Standort ${location} angelegt.`;
    case "location.update":
      return `${actor} hat den Standort ${location} geändert${changedFields(details)}.`;
    case "location.archive": {
      const gone = num(details.shifts_deleted);
      return `${actor} hat den Standort ${location} archiviert${gone ? ` (${shifts(gone)} gelöscht)` : ""}.`;
    }
    case "week_template.create": {
      // Saved from a planned week (§27.3): { from_week, shifts }.
      const week = text(details.from_week);
      const rows = num(details.shifts);
      if (!week) return `${actor} hat die Wochenvorlage ${template} angelegt.`;
      const made = rows === null ? "" : ` (${shifts(rows)})`;
      return `${actor} hat die Woche vom ${formatDate(week)} als Wochenvorlage ${template} gespeichert${made}.`;
    }
    case "week_template.update":
      return `${actor} hat die Wochenvorlage ${template} geändert.`;
    case "week_template.delete":
      return `${actor} hat die Wochenvorlage ${template} gelöscht.`;
    case "week_template.apply": {
      const week = text(details.week_start);
      const made = num(details.shifts_created);
      const on = week ? ` auf die Woche vom ${formatDate(week)}` : "";
      return `${actor} hat die Wochenvorlage ${template}${on} angewendet${made === null ? "" : ` (${shifts(made)})`}.`;
    }
    case "settings.update":
      return `${actor} hat die Betriebseinstellungen geändert${changedFields(details)}.`;
    case "settings.payroll_update":
      return `${actor} hat die Lohneinstellungen geändert${changedFields(details)}.`;
    case "shift_preset.create":
    case "shift_preset.update":
    case "shift_preset.delete":
      return describePreset(actor, action, details, ref);
    default:
      return null;
  }
}

function describeUser(actor: string, row: DescribableAudit, details: Details, names: Names): string | null {
  const account = quoted(text(details.username) ?? names.user ?? `#${row.entityId ?? "?"}`);
  const holder = names.employee ?? `#${row.entityId ?? "?"}`;
  switch (row.action) {
    case "user.bootstrap_admin":
      return `${actor} hat den ersten Administrator ${account} angelegt.`;
    case "user.create": {
      const role = text(details.role);
      return `${actor} hat den Benutzer ${account}${role ? ` (${ROLE_LABELS[role] ?? role})` : ""} angelegt.`;
    }
    case "user.update":
      return `${actor} hat den Benutzer ${account} geändert${changedFields(details)}.`;
    case "user.delete":
      return `${actor} hat den Benutzer ${account} gelöscht.`;
    case "user.reset_2fa":
      // Without an actor: `npm run admin:reset-2fa` on the server (docs/PRODUCT-RULES.md §29.1).
      return details.via === "cli"
        ? `Die Zwei-Faktor-Anmeldung (2FA) von ${account} wurde über die Kommandozeile zurückgesetzt.`
        : `${actor} hat die Zwei-Faktor-Anmeldung (2FA) von ${account} zurückgesetzt.`;
    case "calendar_feed.issue":
      return `${actor} hat den Kalender-Link von ${holder} ${details.replaced ? "erneuert" : "erstellt"}.`;
    case "calendar_feed.revoke":
      return `${actor} hat den Kalender-Link von ${holder} widerrufen.`;
    default:
      return null;
  }
}

function describeAuth(actor: string | null, row: DescribableAudit, details: Details, names: Names): string | null {
  const who = actor ?? names.user ?? `#${row.entityId ?? "?"}`;
  switch (row.action) {
    case "auth.login":
      return details.two_factor === true ? `${who} hat sich angemeldet (mit 2FA).` : `${who} hat sich angemeldet.`;
    case "auth.login_failed": {
      const name = text(details.username) ?? actor ?? names.user;
      const reason = LOGIN_FAILURES[text(details.reason) ?? ""];
      return `Anmeldung${name ? ` als ${quoted(name)}` : ""} fehlgeschlagen${reason ? ` (${reason})` : ""}.`;
    }
    case "auth.logout":
      return `${names.user ?? actor ?? `Benutzer #${row.entityId ?? "?"}`} hat sich abgemeldet.`;
    case "auth.password_changed":
      return `${who} hat das eigene Passwort geändert.`;
    case "auth.2fa_enabled":
      return `${who} hat die Zwei-Faktor-Anmeldung (2FA) eingeschaltet.`;
    case "auth.2fa_disabled":
      return `${who} hat die Zwei-Faktor-Anmeldung (2FA) ausgeschaltet.`;
    case "auth.recovery_code_used": {
      const left = num(details.remaining);
      const remaining = left === null ? "" : ` (noch ${left} übrig)`;
      return `${who} hat sich angemeldet und dabei einen Wiederherstellungscode verwendet${remaining}.`;
    }
    case "auth.recovery_codes_renewed":
      return `${who} hat neue Wiederherstellungscodes für die 2FA erzeugt.`;
    case "auth.recheck_failed": {
      const during = RECHECKS[text(details.check) ?? ""];
      const what = WRONG_ANSWERS[text(details.reason) ?? ""] ?? "eine falsche Bestätigung";
      return `${who} hat${during ? ` beim ${during}` : ""} ${what} eingegeben.`;
    }
    case "auth.recheck_locked": {
      const during = RECHECKS[text(details.check) ?? ""];
      const seconds = num(details.retry_after);
      const left = seconds === null ? "" : ` (noch ${count(Math.ceil(seconds / 60), "Minute", "Minuten")} gesperrt)`;
      return `${who} wurde${during ? ` beim ${during}` : ""} abgewiesen: zu viele falsche Eingaben${left}.`;
    }
    default:
      return null;
  }
}

/** Time recording (docs/PRODUCT-RULES.md §32.1): stamps, a manager's changes with their reason, corrections. */
function describeTime(actor: string, action: string, details: Details, employee: string): string {
  const reason = text(details.reason);
  const because = reason ? ` (Begründung: ${reason})` : "";
  const where = details.source === "terminal" ? " an der Stempeluhr" : "";
  const stamps: Record<string, [string, string]> = {
    in: ["sich", "eingestempelt"],
    break_start: ["eine Pause", "begonnen"],
    break_end: ["die Pause", "beendet"],
    out: ["sich", "ausgestempelt"],
  };
  switch (action) {
    case "time_entry.clock": {
      const stamp = stamps[text(details.action) ?? ""];
      return stamp ? `${employee} hat ${stamp[0]}${where} ${stamp[1]}.` : `${employee} hat${where} gestempelt.`;
    }
    case "time_entry.create":
      return `${actor} hat einen Zeiteintrag für ${employee} erfasst${because}.`;
    case "time_entry.update":
      return `${actor} hat einen Zeiteintrag von ${employee} korrigiert${because}.`;
    case "time_entry.void":
      return `${actor} hat einen Zeiteintrag von ${employee} storniert${because}.`;
    case "time_correction.request":
      return `${actor} hat eine Korrektur eines Zeiteintrags von ${employee} beantragt.`;
    case "time_correction.accept":
      return `${actor} hat den Korrekturantrag von ${employee} angenommen.`;
    case "time_correction.reject":
      return `${actor} hat den Korrekturantrag von ${employee} abgelehnt.`;
    default:
      return generic(actor, action);
  }
}

/**
 * The monthly approval (docs/PRODUCT-RULES.md §32.3): "Sandra hat den November 2026 von Lea Muster genehmigt (12
 * Einträge)." A month the details lack is "einen Monat".
 */
function describeTimesheet(actor: string, action: string, details: Details, employee: string): string {
  const month = text(details.month);
  const which = month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? `den ${monthLabel(month)}` : "einen Monat";
  const entries = num(details.entries);
  const changed = entries === null || entries === 0 ? [] : [count(entries, "Eintrag", "Einträge")];
  const reason = text(details.reason);
  switch (action) {
    case "timesheet.approve": {
      const extra = changed.length ? ` (${changed.join("")})` : "";
      return `${actor} hat ${which} von ${employee} genehmigt${extra}.`;
    }
    case "timesheet.reopen": {
      const extra = [...changed, ...(reason ? [`Begründung: ${reason}`] : [])].join(", ");
      return `${actor} hat ${which} von ${employee} wieder geöffnet${extra ? ` (${extra})` : ""}.`;
    }
    case "timesheet.account_booking":
    case "timesheet.account_opening":
      return describeAccount(actor, action, details, employee);
    default:
      return generic(actor, action);
  }
}

/**
 * The time account (docs/PRODUCT-RULES.md §34.3): "Sandra hat 5:00 h vom Zeitkonto von Lea Muster ausbezahlt (März
 * 2026, Begründung: …)." and "Sandra hat den Anfangssaldo von Lea Muster auf +12:30 h ab März 2026 gesetzt."
 */
function describeAccount(actor: string, action: string, details: Details, employee: string): string {
  const monthOf = (value: unknown) => {
    const month = text(value);
    return month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? monthLabel(month) : null;
  };
  const reasonOf = (value: unknown) => (text(value) ? `Begründung: ${text(value)}` : null);
  const hours = (value: unknown, signed: boolean) => {
    const minutes = num(value);
    return minutes === null ? null : `${hoursMinutes(minutes, { signed })} h`;
  };
  if (action === "timesheet.account_opening") {
    const after = (details.after ?? {}) as Details;
    const amount = hours(after.minutes, true);
    const month = monthOf(after.month);
    const extra = reasonOf(after.reason);
    return (
      `${actor} hat den Anfangssaldo von ${employee}${amount ? ` auf ${amount}` : ""}${month ? ` ab ${month}` : ""} ` +
      `gesetzt${extra ? ` (${extra})` : ""}.`
    );
  }
  const extra = [monthOf(details.month), reasonOf(details.reason)].filter(Boolean).join(", ");
  const suffix = extra ? ` (${extra})` : "";
  if (details.kind === "payout")
    return `${actor} hat ${hours(details.minutes, false) ?? "Stunden"} vom Zeitkonto von ${employee} ausbezahlt${
      suffix
    }.`;
  const amount = hours(details.minutes, true);
  const by = amount ? ` um ${amount}` : "";
  return `${actor} hat auf dem Zeitkonto von ${employee} eine Korrektur${by} gebucht${suffix}.`;
}

/** PINs and the terminal (docs/PRODUCT-RULES.md §32.4); a terminal's stamps are time_entry.clock. */
function describeTerminal(actor: string, action: string, details: Details, employee: string): string {
  const terminal = text(details.name) ? `die Stempeluhr „${text(details.name)}“` : "eine Stempeluhr";
  switch (action) {
    case "terminal.create":
      return `${actor} hat ${terminal} registriert.`;
    case "terminal.pairing_link":
      return `${actor} hat einen neuen Kopplungslink für ${terminal} erstellt.`;
    case "terminal.pair":
      return `Ein Gerät wurde als ${terminal.replace(/^die |^eine /, "")} gekoppelt.`;
    case "terminal.revoke":
      return `${actor} hat ${terminal} widerrufen.`;
    case "terminal.pin_set":
      return `${actor} hat die PIN von ${employee} festgelegt.`;
    case "terminal.pin_remove":
      return `${actor} hat die PIN von ${employee} entfernt.`;
    case "terminal.pin_locked":
      return `${employee} wurde nach zu vielen falschen PINs an einer Stempeluhr 15 Minuten gesperrt.`;
    case "terminal.paused":
      return "Eine Stempeluhr wurde nach zu vielen falschen PINs 15 Minuten pausiert.";
    default:
      return generic(actor, action);
  }
}

function generic(actor: string, action: string): string {
  return `${actor} hat ${action} ausgeführt.`;
}

const ABSENCE_NAMES: Record<string, string> = {
  krank: "Krankheit",
  unbezahlt: "unbezahlten Urlaub",
  militaer: "Militär-/Zivildienst",
  weiterbildung: "Weiterbildung",
  kompensation: "Kompensation",
};

/** Absences besides vacation (docs/PRODUCT-RULES.md §32.2): planners read the type in the history. */
function describeAbsence(actor: string, action: string, details: Details, employee: string): string {
  const start = text(details.start_date);
  const end = text(details.end_date);
  const hours = num(details.hours);
  const what = ABSENCE_NAMES[text(details.type) ?? ""] ?? "eine Abwesenheit";
  let period = "";
  if (start) {
    const days = !end || end === start ? formatDate(start) : `${formatDate(start)}–${formatDate(end)}`;
    period = ` (${days}${hours === null ? "" : `, ${formatHours(hours)} h`})`;
  }
  const extra = period + openedShifts(details);
  switch (action) {
    case "absence.sick_report":
      return `${employee} hat sich krank gemeldet${extra}.`;
    case "absence.create":
      return `${actor} hat ${what} für ${employee} eingetragen${extra}.`;
    case "absence.update":
      return `${actor} hat die Abwesenheit von ${employee} geändert${extra}.`;
    case "absence.delete":
      return `${actor} hat die Abwesenheit von ${employee} gelöscht${extra}.`;
    default:
      return generic(actor, action);
  }
}

/** The sentence of one audit row. */
export function describeAudit(row: DescribableAudit): string {
  const { action } = row;
  const details = asDetails(row.details);
  const names = row.names ?? {};
  const actor = row.actor ?? "Das System";
  const employeeId = num(details.employee_id);
  const employee = names.employee ?? (employeeId === null ? "#?" : `#${employeeId}`);

  if (action.startsWith("auth.")) return describeAuth(row.actor, row, details, names) ?? generic(actor, action);
  const batch = describePlanBatch(actor, action, details);
  if (batch) return batch;
  const swap = describeSwap(actor, action, details);
  if (swap) return swap;
  if (action.startsWith("shift.")) return describeShift(actor, action, details, row.entityId);
  if (action.startsWith("shift_application.")) return describeApplication(actor, action, employee, names, row.entityId);
  if (action.startsWith("vacation.")) return describeVacation(actor, action, details, employee, names);
  if (action.startsWith("unavailability.")) return describeUnavailability(actor, action, details, employee);
  if (action.startsWith("time_entry.") || action.startsWith("time_correction."))
    return describeTime(actor, action, details, employee);
  if (action.startsWith("absence.")) return describeAbsence(actor, action, details, employee);
  if (action.startsWith("terminal.")) return describeTerminal(actor, action, details, employee);
  if (action.startsWith("timesheet.")) return describeTimesheet(actor, action, details, employee);
  if (action.startsWith("webhook.")) return describeWebhook(actor, action, details) ?? generic(actor, action);
  return (
    describeMasterData(actor, row, details, names) ?? describeUser(actor, row, details, names) ?? generic(actor, action)
  );
}

/** A week's Monday the planner can show (docs/PRODUCT-RULES.md §30.1), else null. */
function plannerWeek(date: string | null | undefined): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const monday = mondayOf(date);
  return monday < FIRST_WEEK_START || monday > LAST_WEEK_START ? null : monday;
}

/**
 * The planner's week an entry is about (docs/PRODUCT-RULES.md §31.6), for its link "/schedule?week=…": the shift's
 * date (after the change, else before), the target week of a copy or a template, the first day of an automatic
 * filling, a vacation's or an unavailability's first day, the undone change's. Null for entries of no week.
 */
export function auditWeek(row: DescribableAudit): string | null {
  const details = asDetails(row.details);
  const names = row.names ?? {};
  const { action } = row;
  if (action === "change.undo") {
    const undone = text(details.undone_action);
    return undone ? auditWeek({ ...row, action: undone, details: details.undone, names: {} }) : null;
  }
  if (action.startsWith("shift.")) {
    const shift = isSnapshot(details.after) ? details.after : isSnapshot(details.before) ? details.before : null;
    return plannerWeek(
      shift?.shift_date ??
        swapShiftDate(details) ??
        text(details.to_start_date) ??
        text(details.start_date) ??
        text(details.week_start),
    );
  }
  if (action === "week_template.apply") return plannerWeek(text(details.week_start));
  if (action.startsWith("shift_application.")) return plannerWeek(names.shiftDate);
  if (action.startsWith("vacation.")) return plannerWeek(names.vacationStart);
  if (action.startsWith("unavailability.")) return plannerWeek(text(details.start_date) ?? text(details.date));
  if (action.startsWith("absence.")) return plannerWeek(text(details.start_date));
  return null;
}
