-- A vacation a plan change recorded or approved (docs/PRODUCT-RULES.md §31.6): its state before and after the
-- write (null before = the write created it, null after = the write deleted it), so that undo takes the vacation
-- back together with the shifts it opened. No foreign key to vacations: a deleted vacation keeps its row here, and
-- undoing the undo re-creates it with this id.
CREATE TABLE "plan_change_vacations" (
    "change_id" UUID NOT NULL,
    "vacation_id" INTEGER NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "plan_change_vacations_pkey" PRIMARY KEY ("change_id","vacation_id"),
    CONSTRAINT "plan_change_vacations_state_check" CHECK ("before" IS NOT NULL OR "after" IS NOT NULL)
);

ALTER TABLE "plan_change_vacations" ADD CONSTRAINT "plan_change_vacations_change_id_fkey" FOREIGN KEY ("change_id") REFERENCES "plan_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
