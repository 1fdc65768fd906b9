import type { LocationDto, WeekTemplateDto } from "@/lib/shared/api-types";
import { requiredDecimal } from "@/lib/shared/decimal-input";
import { shiftHours, shiftMinutes } from "@/lib/shared/hours";
import { minimumBreak } from "@/lib/shared/rules/breaks";
import type { LabourRules } from "@/lib/shared/rules/types";
import { weekTemplateInputSchema, type WeekTemplateInput } from "@/lib/shared/schemas/week-template";
import { WEEK, weekPosition } from "./weekdays";

/** One editable shift row; every value as the form control holds it. */
export type ShiftRow = {
  key: number;
  day_of_week: string;
  location_id: string;
  start_time: string;
  end_time: string;
  /** Minutes as typed; while `breakFollows`, the legal minimum of the times is shown instead. */
  break_minutes: string;
  /** The break follows the times (docs/PRODUCT-RULES.md §23) until the user sets it. */
  breakFollows: boolean;
  notes: string;
};

/** The legal minimum break for a row's times (0 without a length). */
export function suggestedBreak(row: Pick<ShiftRow, "start_time" | "end_time">, rules: LabourRules): number {
  return minimumBreak(shiftMinutes(row.start_time, row.end_time) ?? 0, rules);
}

/** The break a row stands for: the suggestion while it follows the times, else what was typed. */
export function rowBreak(row: ShiftRow, rules: LabourRules): string {
  return row.breakFollows ? String(suggestedBreak(row, rules)) : row.break_minutes;
}

/** Minutes of a break as typed; empty or no number is NaN (the schema then says what is wrong). */
export function breakValue(text: string): number {
  return requiredDecimal(text);
}

/**
 * A row's hours, length less the break (docs/PRODUCT-RULES.md §23); a break that is not a valid one (not whole
 * minutes, negative, not shorter than the shift) is left out until the schema's message has been dealt with.
 */
export function rowHours(row: ShiftRow, rules: LabourRules): number | null {
  const minutes = breakValue(rowBreak(row, rules));
  const length = shiftMinutes(row.start_time, row.end_time);
  const usable = Number.isInteger(minutes) && minutes >= 0 && length !== null && minutes < length;
  return shiftHours(row.start_time, row.end_time, usable ? minutes : 0);
}
export type TemplateForm = { name: string; description: string; shifts: ShiftRow[] };
/** Messages for the name, description and the list as a whole, and per row and field. */
export type TemplateErrors = { fields: Record<string, string>; rows: Record<string, string>[] };

// Stable React keys for rows that have no id yet.
let lastKey = 0;
const nextKey = () => ++lastKey;

/**
 * A new row. After an existing row it takes the next weekday with the same
 * location and times, so a week of similar shifts is a few clicks; the first
 * row starts Monday 09:00–17:00 (docs/PRODUCT-RULES.md §17), at the only location if there is one.
 */
export function newShiftRow(previous: ShiftRow | undefined, locations: LocationDto[]): ShiftRow {
  if (previous) {
    const position = weekPosition(Number(previous.day_of_week));
    return { ...previous, key: nextKey(), day_of_week: String(WEEK[(position + 1) % 7].dayOfWeek), notes: "" };
  }
  return {
    key: nextKey(),
    day_of_week: String(WEEK[0].dayOfWeek),
    location_id: locations.length === 1 ? String(locations[0].id) : "",
    start_time: "09:00",
    end_time: "17:00",
    break_minutes: "0",
    breakFollows: true,
    notes: "",
  };
}

/** A saved row's break follows its times when it is their minimum, so changing the times keeps it legal. */
export function formFromTemplate(
  template: WeekTemplateDto | null,
  locations: LocationDto[],
  rules: LabourRules,
): TemplateForm {
  if (!template) return { name: "", description: "", shifts: [newShiftRow(undefined, locations)] };
  return {
    name: template.name,
    description: template.description ?? "",
    shifts: template.shifts.map((shift) => ({
      key: nextKey(),
      day_of_week: String(shift.day_of_week),
      location_id: String(shift.location_id),
      start_time: shift.start_time,
      end_time: shift.end_time,
      break_minutes: String(shift.break_minutes),
      breakFollows: shift.break_minutes === suggestedBreak(shift, rules),
      notes: shift.notes ?? "",
    })),
  };
}

/** Checks the form with the API's schema; messages land on the field (and row) they belong to. */
export function checkTemplateForm(
  form: TemplateForm,
  rules: LabourRules,
): { data: WeekTemplateInput; errors: null } | { data: null; errors: TemplateErrors } {
  const result = weekTemplateInputSchema.safeParse({
    name: form.name,
    description: form.description,
    shifts: form.shifts.map((row) => ({
      day_of_week: Number(row.day_of_week),
      location_id: row.location_id ? Number(row.location_id) : undefined,
      start_time: row.start_time,
      end_time: row.end_time,
      break_minutes: breakValue(rowBreak(row, rules)),
      notes: row.notes,
    })),
  });
  if (result.success) return { data: result.data, errors: null };
  const errors: TemplateErrors = { fields: {}, rows: form.shifts.map(() => ({})) };
  for (const issue of result.error.issues) {
    const [field, row, rowField] = issue.path;
    if (field === "shifts" && typeof row === "number" && rowField !== undefined)
      errors.rows[row][String(rowField)] ??= issue.message;
    else errors.fields[String(field ?? "form")] ??= issue.message;
  }
  return { data: null, errors };
}
