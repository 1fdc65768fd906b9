-- Open-shift applications (docs/PRODUCT-RULES.md §26.5): "Ich kann" of an
-- employee for an open shift, one row per shift and employee.

-- CreateTable
CREATE TABLE "shift_applications" (
    "shift_id" INTEGER NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shift_applications_pkey" PRIMARY KEY ("shift_id", "employee_id")
);

-- CreateIndex
CREATE INDEX "shift_applications_employee_id_idx" ON "shift_applications"("employee_id");

-- AddForeignKey
ALTER TABLE "shift_applications" ADD CONSTRAINT "shift_applications_shift_id_fkey" FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shift_applications" ADD CONSTRAINT "shift_applications_employee_id_fkey" FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The planner's week lists the applicants (GET /api/schedule/week), so they
-- join the schedule data version like the shifts (docs/ARCHITECTURE.md §6.4).
CREATE TRIGGER "shift_applications_bump_schedule_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shift_applications"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
