-- Planning rules (docs/PRODUCT-RULES.md §22–§25): company settings, holiday
-- regions, real breaks, vacation days per day, and the rules' inputs joining
-- the schedule data version.

-- One row of company settings (id is always 1).
CREATE TABLE "company_settings" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "company_name" VARCHAR(100),
    "holiday_region" VARCHAR(20),
    "labour_rules" VARCHAR(4) NOT NULL DEFAULT 'CH',
    "weekly_max_hours" DECIMAL(4,1) NOT NULL DEFAULT 50,
    "min_rest_hours" DECIMAL(3,1) NOT NULL DEFAULT 11,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "company_settings_single_row" CHECK ("id" = 1),
    CONSTRAINT "company_settings_labour_rules" CHECK ("labour_rules" IN ('CH', 'DE', 'none')),
    CONSTRAINT "company_settings_weekly_max_range" CHECK ("weekly_max_hours" BETWEEN 1 AND 168),
    CONSTRAINT "company_settings_min_rest_range" CHECK ("min_rest_hours" BETWEEN 0 AND 24)
);
INSERT INTO "company_settings" ("id") VALUES (1);

-- null = the company's region.
ALTER TABLE "locations" ADD COLUMN "holiday_region" VARCHAR(20);

-- Breaks are real: 0 up to below the shift's length, in steps of 5 minutes.
-- The length counts an end at or before the start as the next day.
ALTER TABLE "shifts" DROP CONSTRAINT "shifts_break_minutes_zero";
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_break_minutes_valid" CHECK (
    "break_minutes" >= 0 AND "break_minutes" % 5 = 0
    AND "break_minutes" < ((extract(epoch FROM "end_time" - "start_time")::int / 60) + 1440) % 1440
);
ALTER TABLE "week_template_shifts" DROP CONSTRAINT "week_template_shifts_break_minutes_zero";
ALTER TABLE "week_template_shifts" ADD CONSTRAINT "week_template_shifts_break_minutes_valid" CHECK (
    "break_minutes" >= 0 AND "break_minutes" % 5 = 0
    AND "break_minutes" < ((extract(epoch FROM "end_time" - "start_time")::int / 60) + 1440) % 1440
);

-- The days a vacation charges, one row each: Monday-Friday days of its range
-- that were not public holidays when it was written. A vacation keeps what it
-- was charged when the region changes later; days used per calendar year are
-- counted from here.
CREATE TABLE "vacation_days" (
    "vacation_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "vacation_days_pkey" PRIMARY KEY ("vacation_id", "day"),
    CONSTRAINT "vacation_days_vacation_id_fkey" FOREIGN KEY ("vacation_id")
        REFERENCES "vacations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "vacation_days_day_idx" ON "vacation_days"("day");

-- Existing vacations were written without holidays: their Monday-Friday days.
INSERT INTO "vacation_days" ("vacation_id", "day")
SELECT v."id", d."day"::date
FROM "vacations" v
CROSS JOIN LATERAL generate_series(v."start_date", v."end_date", interval '1 day') AS d("day")
WHERE extract(isodow FROM d."day") < 6;

-- What the planning rules read joins the schedule data version: vacations,
-- the settings, the employees' contracts and archiving, the locations' regions
-- (and new locations: the planner's holidays list the locations they apply to).
CREATE TRIGGER "vacations_bump_schedule_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vacations"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();

CREATE TRIGGER "company_settings_bump_schedule_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_settings"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();

DROP TRIGGER "employees_bump_schedule_version" ON "employees";
CREATE TRIGGER "employees_bump_schedule_version"
    AFTER UPDATE OF "first_name", "last_name", "weekly_hours", "is_hourly", "archived_at" OR DELETE OR TRUNCATE
    ON "employees"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();

DROP TRIGGER "locations_bump_schedule_version" ON "locations";
CREATE TRIGGER "locations_bump_schedule_version"
    AFTER INSERT OR UPDATE OF "name", "color", "holiday_region", "archived_at" OR DELETE OR TRUNCATE ON "locations"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
