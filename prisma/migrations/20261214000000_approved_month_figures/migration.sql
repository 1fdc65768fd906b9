-- An approved month keeps its figures (docs/PRODUCT-RULES.md §34.3): what was worked, the target and the credits as
-- they stood when it was approved. Its entries cannot change while it is approved (the triggers of
-- 20261203000200_timesheets), and a change of weekly hours or an absence recorded afterwards must not change a month
-- the manager signed off: the time account reads these figures instead of counting the month again. Written by the
-- approval, cleared by reopening; all null = not approved.
--   worked_minutes: null = the month is open (or was approved before figures were kept: then counted live).
--   target_minutes, credit_minutes: null with worked_minutes set = hourly paid at approval (no target), or approved
--   before this migration (then the target is counted live, as before).
ALTER TABLE "timesheet_months"
  ADD COLUMN "worked_minutes" INTEGER,
  ADD COLUMN "target_minutes" INTEGER,
  ADD COLUMN "credit_minutes" INTEGER;

-- The months approved before these columns: their worked sums now, in the formula of the entries' `worked_minutes`
-- (end − start − breaks, rounded down to whole minutes; an approved month has no running entry). Their targets need
-- the holiday calendar and the credited absences, which SQL does not know: they stay counted live.
UPDATE "timesheet_months" m
SET "worked_minutes" = COALESCE((
    SELECT SUM(FLOOR(GREATEST(0,
             EXTRACT(EPOCH FROM (t."end_at" - t."start_at")) * 1000 - COALESCE((
               SELECT SUM(GREATEST(0, EXTRACT(EPOCH FROM (LEAST(COALESCE(b."end_at", t."end_at"), t."end_at")
                                                          - b."start_at")) * 1000))
               FROM "time_breaks" b WHERE b."entry_id" = t."id"), 0)) / 60000))::int
    FROM "time_entries" t
    WHERE t."employee_id" = m."employee_id" AND t."status" <> 'void' AND t."end_at" IS NOT NULL
      AND t."date" >= m."month" AND t."date" < (m."month" + INTERVAL '1 month')::date), 0)
WHERE m."approved_at" IS NOT NULL;
