-- The week queries (GET /api/shifts, the planner's week, the planning rules' window: lib/server/shifts/find-shifts.ts,
-- lib/server/rules/load-rule-input.ts) read every column they need from this index, so a week is an index-only scan
-- of a few leaf pages instead of a visit to the table page of each of its shifts. Those pages are scattered (shifts
-- are written, edited and moved over months), and on a large table the planner visits them one row at a time: that
-- read grew with the table (docs/PERFORMANCE.md "P2 and P9: the week on 1 M shifts"). Same key, so every other use
-- of the index stays; the INCLUDE columns cost deduplication (about 9 instead of 1 index page per 100 kB of table).
DROP INDEX "shifts_shift_date_start_time_idx";
CREATE INDEX "shifts_shift_date_start_time_idx" ON "shifts"("shift_date", "start_time")
    INCLUDE ("id", "employee_id", "location_id", "end_time", "break_minutes", "is_custom", "custom_name");
