/** Builders for the rules' tests (only the *.test.ts next to this file import it). */
import type { LabourRules, RuleEmployee, RuleInput, RuleSettings, RuleShift } from "./types";

export const ZONE = "Europe/Zurich";

export function settingsFor(labourRules: LabourRules, overrides: Partial<RuleSettings> = {}): RuleSettings {
  const weeklyMaxHours = labourRules === "DE" ? 48 : 50;
  return { labourRules, weeklyMaxHours, minRestHours: 11, timeZone: ZONE, ...overrides };
}

export const CHIARA: RuleEmployee = {
  id: 1,
  name: "Chiara Rossi",
  weekly_hours: 40,
  is_hourly: false,
  archived: false,
};
export const DENIZ: RuleEmployee = { id: 2, name: "Deniz Şahin", weekly_hours: 20, is_hourly: false, archived: false };
export const HOURLY: RuleEmployee = { id: 3, name: "Lena Huber", weekly_hours: 0, is_hourly: true, archived: false };

let lastId = 1000;

/** A shift of Chiara at Altstadt unless told otherwise; ids count up so order by id follows creation. */
export function shift(
  shift_date: string,
  start_time: string,
  end_time: string,
  options: Partial<Omit<RuleShift, "shift_date" | "start_time" | "end_time">> = {},
): RuleShift {
  return {
    id: ++lastId,
    employee_id: CHIARA.id,
    location_id: 1,
    location_name: "Altstadt",
    break_minutes: 0,
    shift_date,
    start_time,
    end_time,
    ...options,
  };
}

export function inputWith(partial: Partial<RuleInput> & { labourRules?: LabourRules } = {}): RuleInput {
  const { labourRules = "CH", ...rest } = partial;
  return {
    settings: settingsFor(labourRules),
    employees: [CHIARA, DENIZ, HOURLY],
    shifts: [],
    vacations: [],
    unavailability: [],
    ...rest,
  };
}
