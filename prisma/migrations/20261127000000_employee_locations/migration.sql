-- The locations an employee works at, "Einsatzorte" (docs/PRODUCT-RULES.md §28.1). No row = every location:
-- a small business rarely restricts anyone, and a new location then needs no bulk edit. The planner's picker and
-- the automatic filling (§28.2) only offer an employee at the locations listed here.

-- CreateTable
CREATE TABLE "employee_locations" (
    "employee_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,

    CONSTRAINT "employee_locations_pkey" PRIMARY KEY ("employee_id", "location_id")
);

-- Deleting a location removes it from everyone's list (the primary key serves the lookup by employee).
CREATE INDEX "employee_locations_location_id_idx" ON "employee_locations"("location_id");

-- AddForeignKey
ALTER TABLE "employee_locations" ADD CONSTRAINT "employee_locations_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "employee_locations" ADD CONSTRAINT "employee_locations_location_id_fkey" FOREIGN KEY ("location_id")
    REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
