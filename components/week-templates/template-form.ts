import type { LocationDto, WeekTemplateDto } from "@/lib/shared/api-types";
import { weekTemplateInputSchema, type WeekTemplateInput } from "@/lib/shared/schemas/week-template";
import { WEEK, weekPosition } from "./weekdays";

/** One editable shift row; every value as the form control holds it. */
export type ShiftRow = {
  key: number;
  day_of_week: string;
  location_id: string;
  start_time: string;
  end_time: string;
  notes: string;
};
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
    notes: "",
  };
}

export function formFromTemplate(template: WeekTemplateDto | null, locations: LocationDto[]): TemplateForm {
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
      notes: shift.notes ?? "",
    })),
  };
}

/** Checks the form with the API's schema; messages land on the field (and row) they belong to. */
export function checkTemplateForm(
  form: TemplateForm,
): { data: WeekTemplateInput; errors: null } | { data: null; errors: TemplateErrors } {
  const result = weekTemplateInputSchema.safeParse({
    name: form.name,
    description: form.description,
    shifts: form.shifts.map((row) => ({
      day_of_week: Number(row.day_of_week),
      location_id: row.location_id ? Number(row.location_id) : undefined,
      start_time: row.start_time,
      end_time: row.end_time,
      break_minutes: 0,
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
