/**
 * What a linked staff member (role `user` with a linked employee) gets of colleagues from each GET route
 * (docs/PRODUCT-RULES.md §31.2). tests/colleague-privacy.test.ts calls every GET handler in app/api and fails for one
 * missing here, so a new route is decided before it ships; the decision itself is carried out by `viewer.ts`.
 *
 * - `names-and-shifts`: colleagues appear, with names and shifts only (hours, balances, findings, notes removed)
 * - `own-only`: the answer holds the caller's own rows only
 * - `refused`: the route is about one person's private data; a colleague's answers 403
 * - `no-personal-data`: nobody's hours, balances, findings or notes are in it
 * - `not-for-staff`: role `user` may not call it at all (403)
 * - `terminal-only`: only a terminal's credential opens it (§32.4); every user token is 401
 */
export type ColleagueView =
  "names-and-shifts" | "own-only" | "refused" | "no-personal-data" | "not-for-staff" | "terminal-only";

export const COLLEAGUE_VIEW: Record<string, ColleagueView> = {
  "GET /api/health": "no-personal-data",
  "GET /api/auth/me": "own-only",
  "GET /api/users": "not-for-staff",
  "GET /api/access-tokens": "not-for-staff",
  "GET /api/webhooks": "not-for-staff",
  "GET /api/webhooks/[id]/deliveries": "not-for-staff",
  "GET /api/employees": "names-and-shifts",
  "GET /api/employees/[id]": "names-and-shifts",
  "GET /api/employees/[id]/availability/[date]": "refused",
  "GET /api/employees/[id]/deletion-impact": "not-for-staff",
  "GET /api/locations": "no-personal-data",
  "GET /api/locations/[id]": "no-personal-data",
  "GET /api/locations/[id]/deletion-impact": "not-for-staff",
  "GET /api/locations/[id]/presets": "no-personal-data",
  "GET /api/shifts": "names-and-shifts",
  "GET /api/me/open-shifts": "own-only",
  // Offers name colleagues and their shifts; the findings are the caller's own (§35.2).
  "GET /api/swaps": "names-and-shifts",
  "GET /api/schedule/warnings": "own-only",
  "GET /api/schedule/week": "names-and-shifts",
  "GET /api/vacations": "names-and-shifts",
  "GET /api/vacations/employee/[id]": "names-and-shifts",
  "GET /api/vacations/balance/[id]": "refused",
  "GET /api/unavailability": "own-only",
  "GET /api/wishes": "own-only",
  "GET /api/absences": "own-only",
  "GET /api/week-templates": "no-personal-data",
  "GET /api/dashboard": "names-and-shifts",
  "GET /api/settings": "no-personal-data",
  "GET /api/holidays": "no-personal-data",
  "GET /api/holiday-regions": "no-personal-data",
  "GET /api/reports/hours": "not-for-staff",
  "GET /api/reports/hours/pdf": "not-for-staff",
  "GET /api/reports/schedule/pdf": "not-for-staff",
  "GET /api/audit": "not-for-staff",
  "GET /api/audit/people": "not-for-staff",
  "GET /api/openapi.json": "no-personal-data",
  "GET /api/calendar/[file]": "own-only",
  "GET /api/me": "own-only",
  "GET /api/[...path]": "no-personal-data",
  // Time recording (docs/PRODUCT-RULES.md §32.1): staff read their own entries; a colleague's revisions are 403.
  "GET /api/me/clock": "own-only",
  "GET /api/me/time-entries": "own-only",
  "GET /api/time-entries/[id]/revisions": "own-only",
  "GET /api/time-entries": "not-for-staff",
  "GET /api/time-corrections": "not-for-staff",
  "GET /api/timesheets": "not-for-staff",
  "GET /api/terminals": "not-for-staff",
  "GET /api/terminal": "terminal-only",
  // The Arbeitszeitnachweis (docs/PRODUCT-RULES.md §32.7): the own month; anyone's only with `time:manage`.
  "GET /api/me/time-record/pdf": "own-only",
  "GET /api/me/time-record/csv": "own-only",
  "GET /api/me/timesheet": "own-only",
  "GET /api/timesheets/record/pdf": "not-for-staff",
  "GET /api/timesheets/record/csv": "not-for-staff",
  // The inbox (docs/PRODUCT-RULES.md §33.1): the caller's own messages, whatever ids are named.
  "GET /api/me/notifications": "own-only",
  "GET /api/me/notification-settings": "own-only",
  "GET /api/me/push-subscriptions": "own-only",
  "GET /api/mail-status": "not-for-staff",
  // The time account and the payroll settings (docs/PRODUCT-RULES.md §34): the own account; the rest for planners.
  "GET /api/me/time-account": "own-only",
  "GET /api/time-accounts": "not-for-staff",
  "GET /api/settings/payroll": "not-for-staff",
  "GET /api/exports/payroll": "not-for-staff",
  "GET /api/time-accounts/statement/pdf": "not-for-staff",
  "GET /api/me/time-account/statement/pdf": "own-only",
};
