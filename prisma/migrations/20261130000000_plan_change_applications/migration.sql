-- The applications (docs/PRODUCT-RULES.md §26.5) a plan change removed from a shift, as
-- [{ "employee_id", "created_at" }]; null = none. Undo puts them back (§27.7).
ALTER TABLE "plan_change_shifts" ADD COLUMN "applications" JSONB;
