-- Time recording, entries (docs/PRODUCT-RULES.md §32.1): what was worked, its breaks, every change after the fact
-- (revisions) and the staff's correction requests. Nothing here is ever deleted: an entry is voided, a revision is
-- immutable, and employees and locations are archived, never removed (RESTRICT keeps it so even for raw SQL).
-- The checks mirror the zod rules of lib/shared/schemas/time-entry.ts; what needs other rows (a break inside its
-- entry, no overlapping entries of one employee) is checked in lib/server/time/ under the employee's lock.

-- CreateEnum
CREATE TYPE "TimeEntrySource" AS ENUM ('app', 'terminal', 'manager');

-- CreateEnum
CREATE TYPE "TimeEntryStatus" AS ENUM ('running', 'recorded', 'approved', 'void');

-- CreateEnum
CREATE TYPE "TimeCorrectionStatus" AS ENUM ('open', 'accepted', 'rejected');

-- CreateTable
CREATE TABLE "time_entries" (
    "id" SERIAL NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "shift_id" INTEGER,
    "date" DATE NOT NULL,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3),
    "source" "TimeEntrySource" NOT NULL,
    "status" "TimeEntryStatus" NOT NULL,
    "note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "time_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "time_entries_end_after_start" CHECK ("end_at" IS NULL OR "end_at" > "start_at"),
    -- Running means no end yet; recorded and approved entries have one; a void one keeps what it had.
    CONSTRAINT "time_entries_end_by_status" CHECK (
        ("status" = 'running' AND "end_at" IS NULL)
        OR ("status" IN ('recorded', 'approved') AND "end_at" IS NOT NULL)
        OR "status" = 'void'),
    -- The dates' window of the API (docs/PRODUCT-RULES.md §30.1).
    CONSTRAINT "time_entries_date_in_window" CHECK ("date" BETWEEN DATE '2000-01-01' AND DATE '2099-12-31')
);

-- CreateTable
CREATE TABLE "time_breaks" (
    "id" SERIAL NOT NULL,
    "entry_id" INTEGER NOT NULL,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3),

    CONSTRAINT "time_breaks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "time_breaks_end_after_start" CHECK ("end_at" IS NULL OR "end_at" > "start_at")
);

-- CreateTable
CREATE TABLE "time_entry_revisions" (
    "id" SERIAL NOT NULL,
    "entry_id" INTEGER NOT NULL,
    "changed_by" INTEGER,
    "changed_by_name" VARCHAR(100),
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "before" JSONB,
    "after" JSONB NOT NULL,
    "reason" VARCHAR(500),
    "correction_id" INTEGER,

    CONSTRAINT "time_entry_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "time_corrections" (
    "id" SERIAL NOT NULL,
    "entry_id" INTEGER NOT NULL,
    "requested_by" INTEGER,
    "note" VARCHAR(500) NOT NULL,
    "proposed_start_at" TIMESTAMPTZ(3),
    "proposed_end_at" TIMESTAMPTZ(3),
    "status" "TimeCorrectionStatus" NOT NULL DEFAULT 'open',
    "decided_by" INTEGER,
    "decided_at" TIMESTAMPTZ(3),
    "decision_note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "time_corrections_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "time_corrections_proposal_order" CHECK (
        "proposed_start_at" IS NULL OR "proposed_end_at" IS NULL OR "proposed_end_at" > "proposed_start_at"),
    CONSTRAINT "time_corrections_decided" CHECK (("status" = 'open') = ("decided_at" IS NULL))
);

-- CreateIndex
CREATE INDEX "time_entries_employee_id_date_idx" ON "time_entries"("employee_id", "date");

-- CreateIndex
CREATE INDEX "time_entries_location_id_date_idx" ON "time_entries"("location_id", "date");

-- CreateIndex
CREATE INDEX "time_entries_date_idx" ON "time_entries"("date");

-- CreateIndex
CREATE INDEX "time_entries_shift_id_idx" ON "time_entries"("shift_id");

-- CreateIndex
CREATE INDEX "time_breaks_entry_id_start_at_idx" ON "time_breaks"("entry_id", "start_at");

-- CreateIndex
CREATE INDEX "time_entry_revisions_entry_id_changed_at_idx" ON "time_entry_revisions"("entry_id", "changed_at");

-- CreateIndex
CREATE INDEX "time_corrections_entry_id_idx" ON "time_corrections"("entry_id");

-- CreateIndex
CREATE INDEX "time_corrections_status_created_at_idx" ON "time_corrections"("status", "created_at");

-- At most one running entry per employee: twenty parallel clock-ins make one entry even if the code's lock were
-- missing (docs/PRODUCT-RULES.md §32.1).
CREATE UNIQUE INDEX "time_entries_one_running_per_employee" ON "time_entries"("employee_id") WHERE "status" = 'running';

-- At most one running break per entry.
CREATE UNIQUE INDEX "time_breaks_one_running_per_entry" ON "time_breaks"("entry_id") WHERE "end_at" IS NULL;

-- At most one open correction request per entry.
CREATE UNIQUE INDEX "time_corrections_one_open_per_entry" ON "time_corrections"("entry_id") WHERE "status" = 'open';

-- AddForeignKey
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_location_id_fkey" FOREIGN KEY ("location_id")
    REFERENCES "locations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_shift_id_fkey" FOREIGN KEY ("shift_id")
    REFERENCES "shifts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_breaks" ADD CONSTRAINT "time_breaks_entry_id_fkey" FOREIGN KEY ("entry_id")
    REFERENCES "time_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_entry_revisions" ADD CONSTRAINT "time_entry_revisions_entry_id_fkey" FOREIGN KEY ("entry_id")
    REFERENCES "time_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_entry_revisions" ADD CONSTRAINT "time_entry_revisions_correction_id_fkey" FOREIGN KEY ("correction_id")
    REFERENCES "time_corrections"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_entry_id_fkey" FOREIGN KEY ("entry_id")
    REFERENCES "time_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_requested_by_fkey" FOREIGN KEY ("requested_by")
    REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_decided_by_fkey" FOREIGN KEY ("decided_by")
    REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A revision is the record an inspector relies on: it is never changed or removed, by the app or by hand.
-- (A restore of a backup loads the tables with user triggers disabled, scripts/lib/backup.mjs.)
CREATE FUNCTION "time_entry_revisions_immutable"() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'Revisionen der Zeiterfassung können weder geändert noch gelöscht werden'
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER "time_entry_revisions_no_update_or_delete"
    BEFORE UPDATE OR DELETE ON "time_entry_revisions"
    FOR EACH ROW EXECUTE FUNCTION "time_entry_revisions_immutable"();

-- An entry is never deleted: it is voided and stays visible, struck through.
CREATE FUNCTION "time_entries_not_deleted"() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'Zeiteinträge werden nie gelöscht, nur storniert'
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER "time_entries_no_delete"
    BEFORE DELETE ON "time_entries"
    FOR EACH ROW EXECUTE FUNCTION "time_entries_not_deleted"();

-- The history's kinds (lib/shared/audit-kinds.ts): time recording is a kind of its own, "Zeiterfassung". The
-- function is the one of 20261126000200_audit_history with the time actions added (also the prefixes the next
-- parts of time recording will write: timesheets and terminals); the indexes built on it are rebuilt.
CREATE OR REPLACE FUNCTION "audit_kind"("action" text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN "action" LIKE 'shift.%' OR "action" LIKE 'shift\_application.%' OR "action" LIKE 'change.%'
            OR "action" = 'week_template.apply' THEN 'shifts'
        WHEN "action" LIKE 'vacation.%' THEN 'vacations'
        WHEN "action" LIKE 'unavailability.%' THEN 'unavailability'
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
REINDEX INDEX "audit_log_planner_created_at_id_idx";
