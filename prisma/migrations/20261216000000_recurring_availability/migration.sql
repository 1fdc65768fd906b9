-- Recurring unavailability and wishes (docs/PRODUCT-RULES.md §35.8).

-- "Jeden Montag 00:00–12:00 ab 07.12.2026": an entry with a weekday (1 = Monday … 7 = Sunday, ISO) covers only
-- the days of that weekday in its range; its end may be left open. An entry without a weekday covers every day of
-- its range, as before, and keeps its end and its bound of one year. Readers bound an open end by the window they
-- read (lib/server/rules/read-rule-facts.ts), so it never makes a loop long.
ALTER TABLE "unavailabilities" ADD COLUMN "weekday" SMALLINT;
ALTER TABLE "unavailabilities" ALTER COLUMN "end_date" DROP NOT NULL;
ALTER TABLE "unavailabilities" ADD CONSTRAINT "unavailabilities_weekday_range"
    CHECK ("weekday" IS NULL OR "weekday" BETWEEN 1 AND 7);
ALTER TABLE "unavailabilities" ADD CONSTRAINT "unavailabilities_open_end_weekly"
    CHECK ("end_date" IS NOT NULL OR "weekday" IS NOT NULL);
-- A weekly entry may run longer than a year (its cost is bounded by the window read); a daily one may not.
ALTER TABLE "unavailabilities" DROP CONSTRAINT "unavailabilities_at_most_366_days";
ALTER TABLE "unavailabilities" ADD CONSTRAINT "unavailabilities_at_most_366_days"
    CHECK ("weekday" IS NOT NULL OR "end_date" - "start_date" <= 366);

-- Wishes ("Wünsche"): soft, never a finding that refuses. `prefer_early` / `prefer_late` are standing wishes
-- without a date; `day_off` ("Wunschfrei") names one date.
CREATE TABLE "availability_wishes" (
    "id" SERIAL NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "date" DATE,
    "note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" INTEGER,

    CONSTRAINT "availability_wishes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "availability_wishes_kind" CHECK ("kind" IN ('prefer_early', 'prefer_late', 'day_off')),
    CONSTRAINT "availability_wishes_date_of_kind" CHECK (("date" IS NOT NULL) = ("kind" = 'day_off'))
);

-- One standing wish per person (early or late, not both) and one "Wunschfrei" per person and day: NULLS NOT
-- DISTINCT makes the two standing kinds (date null) collide. The write checks first and answers a German 409;
-- this index holds when two requests race.
CREATE UNIQUE INDEX "availability_wishes_employee_id_date_key"
    ON "availability_wishes"("employee_id", "date") NULLS NOT DISTINCT;

ALTER TABLE "availability_wishes" ADD CONSTRAINT "availability_wishes_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "availability_wishes" ADD CONSTRAINT "availability_wishes_created_by_fkey" FOREIGN KEY ("created_by")
    REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The planner's week shows the wishes of the people in its panel (cached per schedule data version,
-- docs/ARCHITECTURE.md §6.4).
CREATE TRIGGER "availability_wishes_bump_schedule_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "availability_wishes"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
