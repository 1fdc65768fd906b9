-- An open shift given to someone who had applied for it (docs/PRODUCT-RULES.md §33.4), kept until they are told:
-- while publishing is on they learn it with the shift's next publication ("Schicht erhalten"), not before staff can
-- see it. One row per shift: the last assignment counts.
CREATE TABLE "shift_awards" (
    "shift_id" INTEGER NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "awarded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "shift_awards_pkey" PRIMARY KEY ("shift_id")
);

CREATE INDEX "shift_awards_employee_id_idx" ON "shift_awards"("employee_id");

ALTER TABLE "shift_awards" ADD CONSTRAINT "shift_awards_shift_id_fkey"
    FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shift_awards" ADD CONSTRAINT "shift_awards_employee_id_fkey"
    FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;
