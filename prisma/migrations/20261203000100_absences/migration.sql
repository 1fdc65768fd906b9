-- Absences besides vacation, "Abwesenheiten" (docs/PRODUCT-RULES.md §32.2): sick leave, unpaid leave, military or
-- civil service, training and time off against the overtime account. Whole days (start..end), or hours on one day.
-- The checks mirror the zod rules of lib/shared/schemas/absence.ts, so a write that skips them still cannot store
-- an impossible absence.

-- CreateEnum
CREATE TYPE "AbsenceType" AS ENUM ('krank', 'unbezahlt', 'militaer', 'weiterbildung', 'kompensation');

-- CreateTable
CREATE TABLE "absences" (
    "id" SERIAL NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "type" "AbsenceType" NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "hours" DECIMAL(4,2),
    "note" VARCHAR(500),
    "certificate_received" BOOLEAN NOT NULL DEFAULT false,
    "self_reported" BOOLEAN NOT NULL DEFAULT false,
    "created_by" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "absences_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "absences_end_after_start" CHECK ("end_date" >= "start_date"),
    -- The same bound as every other range of the API (MAX_RANGE_DAYS).
    CONSTRAINT "absences_at_most_366_days" CHECK ("end_date" - "start_date" <= 366),
    -- Hours only on one day, and a day has at most 24 of them.
    CONSTRAINT "absences_hours_one_day" CHECK ("hours" IS NULL OR "start_date" = "end_date"),
    CONSTRAINT "absences_hours_range" CHECK ("hours" IS NULL OR ("hours" > 0 AND "hours" <= 24)),
    -- "Arztzeugnis erhalten" belongs to sick leave only.
    CONSTRAINT "absences_certificate_only_sick" CHECK (NOT "certificate_received" OR "type" = 'krank'),
    -- Only "Ich bin krank" reports itself.
    CONSTRAINT "absences_self_reported_sick" CHECK (NOT "self_reported" OR "type" = 'krank')
);

-- CreateIndex
CREATE INDEX "absences_employee_id_start_date_end_date_idx" ON "absences"("employee_id", "start_date", "end_date");

-- CreateIndex
CREATE INDEX "absences_start_date_end_date_idx" ON "absences"("start_date", "end_date");

-- AddForeignKey: archiving keeps the employee row, so Restrict never stops an archive (like vacations).
ALTER TABLE "absences" ADD CONSTRAINT "absences_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "absences" ADD CONSTRAINT "absences_created_by_fkey" FOREIGN KEY ("created_by")
    REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The planner's week and the planning rules read absences (docs/ARCHITECTURE.md §6.4).
CREATE TRIGGER "absences_bump_schedule_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "absences"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();

-- An absence a plan change recorded (a sick report, or a manager's absence that opened shifts), before and after,
-- so that undo takes it back with the shifts it opened (docs/PRODUCT-RULES.md §32.2). No foreign key to absences,
-- like plan_change_vacations: undoing the undo re-creates it with this id.
CREATE TABLE "plan_change_absences" (
    "change_id" UUID NOT NULL,
    "absence_id" INTEGER NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "plan_change_absences_pkey" PRIMARY KEY ("change_id","absence_id"),
    CONSTRAINT "plan_change_absences_state_check" CHECK ("before" IS NOT NULL OR "after" IS NOT NULL)
);

ALTER TABLE "plan_change_absences" ADD CONSTRAINT "plan_change_absences_change_id_fkey" FOREIGN KEY ("change_id")
    REFERENCES "plan_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- "Arztzeugnis ab Tag": the day of a sick leave from which a certificate is due. Null = the labour rules' default
-- (3 for CH and none, 4 for DE; lib/shared/schemas/settings.ts), so a company that switches to DE gets DE's day.
ALTER TABLE "company_settings" ADD COLUMN "certificate_from_day" SMALLINT;
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_certificate_day_range"
    CHECK ("certificate_from_day" IS NULL OR "certificate_from_day" BETWEEN 1 AND 30);

-- The history's kind "absences" (lib/shared/audit-kinds.ts): audit_kind() learns the prefix `absence.` (and keeps
-- the time recording's kind of 20261203000000_time_entries), and the indexes built on it are rebuilt (docs/ARCHITECTURE.md §12, "an audit kind").
CREATE OR REPLACE FUNCTION "audit_kind"("action" text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN "action" LIKE 'shift.%' OR "action" LIKE 'shift\_application.%' OR "action" LIKE 'change.%'
            OR "action" = 'week_template.apply' THEN 'shifts'
        WHEN "action" LIKE 'vacation.%' THEN 'vacations'
        WHEN "action" LIKE 'unavailability.%' THEN 'unavailability'
        WHEN "action" LIKE 'absence.%' THEN 'absences'
        WHEN "action" LIKE 'employee.%' OR "action" LIKE 'location.%' OR "action" LIKE 'week\_template.%'
            OR "action" LIKE 'shift\_preset.%' OR "action" LIKE 'settings.%' THEN 'master_data'
        WHEN "action" LIKE 'user.%' OR "action" LIKE 'calendar\_feed.%' THEN 'users'
        WHEN "action" LIKE 'auth.%' THEN 'sign_ins'
        WHEN "action" LIKE 'time\_entry.%' OR "action" LIKE 'time\_correction.%' OR "action" LIKE 'timesheet.%'
            OR "action" LIKE 'terminal.%' THEN 'time'
        ELSE 'other'
    END;

REINDEX INDEX "audit_log_kind_created_at_id_idx";
REINDEX INDEX "audit_log_kind_user_id_created_at_id_idx";
DROP INDEX "audit_log_planner_created_at_id_idx";
CREATE INDEX "audit_log_planner_created_at_id_idx" ON "audit_log"("created_at", "id")
    WHERE "audit_kind"("action") = ANY (ARRAY['shifts', 'vacations', 'unavailability', 'absences']::text[]);
