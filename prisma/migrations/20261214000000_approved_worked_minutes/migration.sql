-- An approved month keeps its worked minutes (docs/PRODUCT-RULES.md §34.3): its entries cannot change while it is
-- approved (the triggers of 20261203000200_timesheets), so the time account reads this figure instead of summing
-- years of entries on every request. Written by the approval, cleared by reopening; null = not approved.
ALTER TABLE "timesheet_months" ADD COLUMN "worked_minutes" INTEGER;

-- The months approved before this column: their sums now, in the formula of the entries' `worked_minutes` (end −
-- start − breaks, rounded down to whole minutes; an approved month has no running entry).
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
