-- Draft and published plan (docs/PRODUCT-RULES.md §33.3). The planner edits `shifts`, the draft; staff read the
-- plan as last published, a copy of each shift as it was then, under the shift's own id. No foreign key to
-- `shifts`: a shift deleted in the draft stays in the staff's plan until the next publication takes it out.
CREATE TABLE "published_shifts" (
    "id" INTEGER NOT NULL,
    "employee_id" INTEGER,
    "location_id" INTEGER NOT NULL,
    "shift_date" DATE NOT NULL,
    "start_time" TIME(0) NOT NULL,
    "end_time" TIME(0) NOT NULL,
    "break_minutes" SMALLINT NOT NULL DEFAULT 0,
    "is_custom" BOOLEAN NOT NULL DEFAULT false,
    "custom_name" VARCHAR(100),
    -- The shift's own timestamps as published: the calendar feed's SEQUENCE grows with updated_at.
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "published_shifts_pkey" PRIMARY KEY ("id")
);

-- A published shift goes with its employee or location: neither is deleted while it has draft shifts.
ALTER TABLE "published_shifts" ADD CONSTRAINT "published_shifts_employee_id_fkey"
    FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "published_shifts" ADD CONSTRAINT "published_shifts_location_id_fkey"
    FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The staff's week and open shifts by date (like the draft's week index), one person's shifts by employee.
CREATE INDEX "published_shifts_shift_date_start_time_idx" ON "published_shifts"("shift_date", "start_time")
    INCLUDE ("id", "employee_id", "location_id", "end_time", "break_minutes", "is_custom", "custom_name");
CREATE INDEX "published_shifts_employee_id_shift_date_idx" ON "published_shifts"("employee_id", "shift_date");
CREATE INDEX "published_shifts_location_id_shift_date_idx" ON "published_shifts"("location_id", "shift_date");

-- Whether staff see the published plan (true) or every change at once (false). Off until the planner can
-- publish from its screen; turning it on publishes the whole draft first (lib/server/settings/write-settings.ts).
ALTER TABLE "company_settings" ADD COLUMN "publishing" BOOLEAN NOT NULL DEFAULT false;

-- Nothing disappears from a staff view on upgrade: every existing shift is published as it is.
INSERT INTO "published_shifts" ("id", "employee_id", "location_id", "shift_date", "start_time", "end_time",
                                "break_minutes", "is_custom", "custom_name", "created_at", "updated_at")
SELECT "id", "employee_id", "location_id", "shift_date", "start_time", "end_time",
       "break_minutes", "is_custom", "custom_name", "created_at", "updated_at"
FROM "shifts";

-- What staff see, in one place: the published plan while publishing is on, else the draft. The setting is read
-- once per query (a one-time filter), so the branch not taken costs nothing.
CREATE VIEW "staff_shifts" AS
    SELECT "id", "employee_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes",
           "is_custom", "custom_name", "created_at", "updated_at"
    FROM "published_shifts"
    WHERE coalesce((SELECT "publishing" FROM "company_settings" WHERE "id" = 1), false)
    UNION ALL
    SELECT "id", "employee_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes",
           "is_custom", "custom_name", "created_at", "updated_at"
    FROM "shifts"
    WHERE NOT coalesce((SELECT "publishing" FROM "company_settings" WHERE "id" = 1), false);

-- Cached answers built from the staff's plan (the calendar feed, the staff's week) are checked against the schedule
-- version: a publication moves it like a change of the draft does (the switch does already: every update of
-- company_settings moves it, migration 20261124000000_planning_rules).
CREATE TRIGGER "published_shifts_bump_schedule_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "published_shifts"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
