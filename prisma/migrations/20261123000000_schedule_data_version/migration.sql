-- CreateTable
CREATE TABLE "data_versions" (
    "name" VARCHAR(50) NOT NULL,
    "version" UUID NOT NULL DEFAULT gen_random_uuid(),

    CONSTRAINT "data_versions_pkey" PRIMARY KEY ("name")
);

-- The week view's data (GET /api/shifts: shifts with their employee's name
-- and their location's name and colour) gets a new version in the same
-- transaction as every change to it, so a cached answer can be checked
-- against PostgreSQL on every request (lib/server/schedule/schedule-version.ts).
-- A random value rather than a counter: a restored backup brings back the
-- version that belongs to its data, never a number that later means other data.
INSERT INTO "data_versions" ("name") VALUES ('schedule');

CREATE FUNCTION "bump_schedule_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "data_versions" SET "version" = gen_random_uuid() WHERE "name" = 'schedule';
    RETURN NULL;
END;
$$;

CREATE TRIGGER "shifts_bump_schedule_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shifts"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();

CREATE TRIGGER "employees_bump_schedule_version"
    AFTER UPDATE OF "first_name", "last_name" OR DELETE OR TRUNCATE ON "employees"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();

CREATE TRIGGER "locations_bump_schedule_version"
    AFTER UPDATE OF "name", "color" OR DELETE OR TRUNCATE ON "locations"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
