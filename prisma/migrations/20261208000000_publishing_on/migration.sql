-- Publishing is on by default (docs/PRODUCT-RULES.md §33.3): staff see the plan as last published, planners the
-- draft. It was off only while the planner could not publish from its screen yet.

-- Turning it on starts from what staff saw until then, the draft: published as it is, nobody told (like switching
-- it on in the settings, lib/server/publishing/write-publications.ts). An installation that switched it on already
-- keeps its published plan.
DO $$
BEGIN
    IF NOT coalesce((SELECT "publishing" FROM "company_settings" WHERE "id" = 1), false) THEN
        DELETE FROM "published_shifts";
        INSERT INTO "published_shifts" ("id", "employee_id", "location_id", "shift_date", "start_time", "end_time",
                                        "break_minutes", "is_custom", "custom_name", "created_at", "updated_at")
        SELECT "id", "employee_id", "location_id", "shift_date", "start_time", "end_time",
               "break_minutes", "is_custom", "custom_name", "created_at", "updated_at"
        FROM "shifts";
        UPDATE "company_settings" SET "publishing" = true;
    END IF;
END $$;

ALTER TABLE "company_settings" ALTER COLUMN "publishing" SET DEFAULT true;

-- A missing settings row means the defaults, now publishing on.
CREATE OR REPLACE VIEW "staff_shifts" AS
    SELECT "id", "employee_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes",
           "is_custom", "custom_name", "created_at", "updated_at"
    FROM "published_shifts"
    WHERE coalesce((SELECT "publishing" FROM "company_settings" WHERE "id" = 1), true)
    UNION ALL
    SELECT "id", "employee_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes",
           "is_custom", "custom_name", "created_at", "updated_at"
    FROM "shifts"
    WHERE NOT coalesce((SELECT "publishing" FROM "company_settings" WHERE "id" = 1), true);
