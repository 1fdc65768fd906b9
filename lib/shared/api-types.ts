/**
 * The JSON shapes the API answers with (docs/PRODUCT-RULES.md §7), shared by the route
 * handlers that build them and the browser that reads them. Inferred from the
 * response schemas beside each resource's input schemas in ./schemas/, which
 * also generate the OpenAPI document; type-only imports, so no schema code
 * reaches the browser from here.
 */
import type { z } from "zod";
import type { loginResultSchema, sessionTokensSchema } from "./schemas/auth";
import type { dashboardDtoSchema } from "./schemas/dashboard";
import type {
  availabilitySchema,
  colleagueDtoSchema,
  employeeDeletionImpactSchema,
  employeeDtoSchema,
  employeeWeekSchema,
} from "./schemas/employee";
import type { holidayDtoSchema, holidayRegionDtoSchema } from "./schemas/holiday";
import type { locationDeletionImpactSchema, locationDtoSchema } from "./schemas/location";
import type { issuedCalendarLinkSchema, myScheduleSchema, myWeekSchema } from "./schemas/my-schedule";
import type { auditEntrySchema, auditPageSchema } from "./schemas/audit";
import type { findingSchema, savedShiftSchema } from "./schemas/finding";
import type { scheduleWeekSchema } from "./schemas/schedule";
import type { payrollSettingsDtoSchema } from "./schemas/payroll";
import type { settingsDtoSchema } from "./schemas/settings";
import type { timeAccountsSchema } from "./schemas/time-account";
import type { copiedWeekSchema, openedCopySchema, shiftDtoSchema } from "./schemas/shift";
import type { shiftPresetDtoSchema } from "./schemas/shift-preset";
import type { unavailabilityDtoSchema } from "./schemas/unavailability";
import type { wishDtoSchema } from "./schemas/wish";
import type { openShiftDtoSchema, shiftApplicationDtoSchema, weekApplicationSchema } from "./schemas/shift-application";
import type { swapDtoSchema } from "./schemas/swap";
import type { userDtoSchema } from "./schemas/user";
import type { currentUserSchema } from "./schemas/auth";
import type {
  clockStateSchema,
  correctionDtoSchema,
  revisionDtoSchema,
  timeEntryDtoSchema,
  timeEntryListItemSchema,
} from "./schemas/time-entry";
import type {
  absenceDtoSchema,
  absenceSlotSchema,
  recordedAbsenceSchema,
  sickReportResultSchema,
} from "./schemas/absence";
import type { recordedVacationSchema, vacationBalanceSchema, vacationDtoSchema } from "./schemas/vacation";
import type { appliedTemplateSchema, weekTemplateDtoSchema } from "./schemas/week-template";

/** User JSON (docs/PRODUCT-RULES.md §7.6): never a hash, never a secret. */
export type UserDto = z.infer<typeof userDtoSchema>;

/** GET /auth/me: the user plus the number of unused 2FA recovery codes (docs/PRODUCT-RULES.md §29.1). */
export type CurrentUserDto = z.infer<typeof currentUserSchema>;

/** Employee JSON. `vacation_days_used` / `_pending` count the current year's approved / requested vacation days. */
export type EmployeeDto = z.infer<typeof employeeDtoSchema>;

/** A colleague as a linked staff member sees them: the name only (docs/PRODUCT-RULES.md §31.2). */
export type ColleagueDto = z.infer<typeof colleagueDtoSchema>;

/** GET /api/employees: in full, or by name for a linked staff member's colleagues. */
export type VisibleEmployee = EmployeeDto | ColleagueDto;

/** True when the row carries the employee's hours and balance (the caller's own, or any for planners). */
export function isFullEmployee(employee: VisibleEmployee): employee is EmployeeDto {
  return "weekly_hours" in employee;
}

export type LocationDto = z.infer<typeof locationDtoSchema>;

/** A location's shift preset, "Schichtart" (docs/PRODUCT-RULES.md §27.1). */
export type ShiftPresetDto = z.infer<typeof shiftPresetDtoSchema>;

export type ShiftDto = z.infer<typeof shiftDtoSchema>;

/** POST/PUT /shifts answer: the shift and its warnings. */
export type SavedShift = z.infer<typeof savedShiftSchema>;

/** A finding of the planning rules, as the API answers it. */
export type FindingDto = z.infer<typeof findingSchema>;

/** Status requested / approved / rejected is shown as "Beantragt" / "Genehmigt" / "Abgelehnt". */
export type VacationDto = z.infer<typeof vacationDtoSchema>;

/** A vacation as POST/PUT/approve answer it: with the number of the employee's shifts it opened. */
export type RecordedVacation = z.infer<typeof recordedVacationSchema>;

export type VacationBalance = z.infer<typeof vacationBalanceSchema>;

/** Time an employee cannot work (docs/PRODUCT-RULES.md §26.4); no times = whole days. */
export type UnavailabilityDto = z.infer<typeof unavailabilityDtoSchema>;

/** A wish (docs/PRODUCT-RULES.md §35.8): rather early or late shifts, or a day off ("Wunschfrei"). */
export type WishDto = z.infer<typeof wishDtoSchema>;

export type WeekTemplateDto = z.infer<typeof weekTemplateDtoSchema>;

/** Login answers: a session, or the two-factor step. */
export type SessionTokens = z.infer<typeof sessionTokensSchema>;
export type LoginResult = z.infer<typeof loginResultSchema>;

/** An employee's week: remaining = weekly − scheduled; hourly employees have no target. */
export type EmployeeWeek = z.infer<typeof employeeWeekSchema>;

/** GET /api/employees/{id}/availability/{date}: one employee's week. */
export type Availability = z.infer<typeof availabilitySchema>;
export type EmployeeDeletionImpact = z.infer<typeof employeeDeletionImpactSchema>;
export type LocationDeletionImpact = z.infer<typeof locationDeletionImpactSchema>;

/** POST /api/week-templates/{id}/apply. */
export type AppliedTemplate = z.infer<typeof appliedTemplateSchema>;

/** POST /api/shifts/copy-week, and one copy in it that lost its employee. */
export type CopiedWeek = z.infer<typeof copiedWeekSchema>;
export type OpenedCopy = z.infer<typeof openedCopySchema>;

/** GET /api/dashboard: the figures of the dashboard in one answer. */
export type DashboardDto = z.infer<typeof dashboardDtoSchema>;

/** GET/PUT /api/settings: the company's settings (docs/PRODUCT-RULES.md §22). */
export type SettingsDto = z.infer<typeof settingsDtoSchema>;
/** GET /api/time-accounts and /api/me/time-account (docs/PRODUCT-RULES.md §34.3). */
export type TimeAccountsDto = z.infer<typeof timeAccountsSchema>;
export type TimeAccountDto = TimeAccountsDto["accounts"][number];
/** GET/PUT /api/settings/payroll (docs/PRODUCT-RULES.md §34.2). */
export type PayrollSettingsDto = z.infer<typeof payrollSettingsDtoSchema>;

/** GET /api/holidays: one public holiday and the active locations it applies to. */
export type HolidayDto = z.infer<typeof holidayDtoSchema>;

/** GET /api/holiday-regions: a region one can choose, with its German name. */
export type HolidayRegionDto = z.infer<typeof holidayRegionDtoSchema>;

/** GET /api/schedule/week: the planner's week in one answer. */
export type ScheduleWeekDto = z.infer<typeof scheduleWeekSchema>;

export type MySchedule = z.infer<typeof myScheduleSchema>;
export type MyWeek = z.infer<typeof myWeekSchema>;
export type IssuedCalendarLink = z.infer<typeof issuedCalendarLinkSchema>;

/** GET /api/me/open-shifts: an open shift with the caller's application and the findings taking it would have. */
export type OpenShiftDto = z.infer<typeof openShiftDtoSchema>;

/** POST /api/shifts/{id}/application: the caller's application (docs/PRODUCT-RULES.md §26.5). */
export type ShiftApplicationDto = z.infer<typeof shiftApplicationDtoSchema>;

/** An offer to give away or swap a shift (docs/PRODUCT-RULES.md §35). */
export type SwapDto = z.infer<typeof swapDtoSchema>;

/** An applicant for an open shift, as the planner's week lists them. */
export type WeekApplicationDto = z.infer<typeof weekApplicationSchema>;

/** One page of the history, GET /api/audit (docs/PRODUCT-RULES.md §27.5). */
export type AuditPage = z.infer<typeof auditPageSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Time recording (docs/PRODUCT-RULES.md §32.1). */
export type TimeEntryDto = z.infer<typeof timeEntryDtoSchema>;
export type TimeEntryListItem = z.infer<typeof timeEntryListItemSchema>;
export type ClockStateDto = z.infer<typeof clockStateSchema>;
export type TimeEntryRevisionDto = z.infer<typeof revisionDtoSchema>;
export type TimeCorrectionDto = z.infer<typeof correctionDtoSchema>;
/** Absences besides vacation (docs/PRODUCT-RULES.md §32.2). */
export type AbsenceDto = z.infer<typeof absenceDtoSchema>;
export type RecordedAbsence = z.infer<typeof recordedAbsenceSchema>;
export type SickReportResult = z.infer<typeof sickReportResultSchema>;
export type AbsenceSlot = z.infer<typeof absenceSlotSchema>;
