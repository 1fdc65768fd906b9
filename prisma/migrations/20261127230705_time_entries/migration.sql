-- CreateEnum
CREATE TYPE "TimeEntrySource" AS ENUM ('app', 'terminal', 'manager');

-- CreateEnum
CREATE TYPE "TimeEntryStatus" AS ENUM ('running', 'recorded', 'approved', 'void');

-- CreateEnum
CREATE TYPE "TimeCorrectionStatus" AS ENUM ('open', 'accepted', 'rejected');

-- DropIndex
DROP INDEX "shifts_shift_date_start_time_idx";

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

    CONSTRAINT "time_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "time_breaks" (
    "id" SERIAL NOT NULL,
    "entry_id" INTEGER NOT NULL,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3),

    CONSTRAINT "time_breaks_pkey" PRIMARY KEY ("id")
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

    CONSTRAINT "time_corrections_pkey" PRIMARY KEY ("id")
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

-- CreateIndex
CREATE INDEX "shifts_shift_date_start_time_idx" ON "shifts"("shift_date", "start_time");

-- AddForeignKey
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_employee_id_fkey" FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_shift_id_fkey" FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_breaks" ADD CONSTRAINT "time_breaks_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "time_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_entry_revisions" ADD CONSTRAINT "time_entry_revisions_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "time_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_entry_revisions" ADD CONSTRAINT "time_entry_revisions_correction_id_fkey" FOREIGN KEY ("correction_id") REFERENCES "time_corrections"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "time_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_requested_by_fkey" FOREIGN KEY ("requested_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
