-- Unavailability, "Nicht verfügbar" (docs/PRODUCT-RULES.md §26.4): time an
-- employee cannot work, recorded by the employee or by a planner. It feeds the
-- `unavailable` planning rule (§24.4). The checks mirror the zod rules of
-- lib/shared/schemas/unavailability.ts.

-- CreateTable
CREATE TABLE "unavailabilities" (
    "id" SERIAL NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "start_time" TIME(0),
    "end_time" TIME(0),
    "note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" INTEGER,

    CONSTRAINT "unavailabilities_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "unavailabilities_end_after_start" CHECK ("end_date" >= "start_date"),
    -- The same bound as every other range of the API (MAX_RANGE_DAYS).
    CONSTRAINT "unavailabilities_at_most_366_days" CHECK ("end_date" - "start_date" <= 366),
    -- No times = whole days; a window needs both ends. An end before the start
    -- runs past midnight (as shifts do), so only equal ends are meaningless.
    CONSTRAINT "unavailabilities_times_both_or_neither" CHECK (("start_time" IS NULL) = ("end_time" IS NULL)),
    CONSTRAINT "unavailabilities_times_differ" CHECK ("start_time" <> "end_time")
);

-- CreateIndex
CREATE INDEX "unavailabilities_employee_id_start_date_end_date_idx"
    ON "unavailabilities"("employee_id", "start_date", "end_date");

-- CreateIndex
CREATE INDEX "unavailabilities_start_date_end_date_idx" ON "unavailabilities"("start_date", "end_date");

-- AddForeignKey
ALTER TABLE "unavailabilities" ADD CONSTRAINT "unavailabilities_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "unavailabilities" ADD CONSTRAINT "unavailabilities_created_by_fkey" FOREIGN KEY ("created_by")
    REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The planner's week and its findings are cached per schedule data version
-- (docs/ARCHITECTURE.md §6.4): unavailability is part of both.
CREATE TRIGGER "unavailabilities_bump_schedule_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "unavailabilities"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
