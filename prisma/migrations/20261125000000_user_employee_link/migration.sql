-- Linked accounts (docs/PRODUCT-RULES.md §26.1): a user account may be linked to
-- one employee, an employee to at most one user. The unique index is what makes
-- two admins linking the same employee at once end with one link.
ALTER TABLE "users" ADD COLUMN "employee_id" INTEGER;

CREATE UNIQUE INDEX "users_employee_id_key" ON "users"("employee_id");

-- Employees are archived, not deleted; should a row ever go, the account stays unlinked.
ALTER TABLE "users" ADD CONSTRAINT "users_employee_id_fkey" FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE SET NULL ON UPDATE CASCADE;
