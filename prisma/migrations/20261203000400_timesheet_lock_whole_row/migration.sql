-- The lock of an approved month (docs/PRODUCT-RULES.md §32.3), tightened: the updates that pass compared a list of
-- columns, so a change of another one (`source`, or a column added later) slipped through, and an entry could be set
-- to `approved` in a month that is not. Now the whole row is compared apart from `status`, `shift_id` and
-- `updated_at`, and recorded → approved passes only in an approved month (the approval writes its month row first).
CREATE OR REPLACE FUNCTION "time_entries_month_locked"() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD."status" = 'recorded' AND NEW."status" = 'approved'
       AND NOT "timesheet_month_approved"(NEW."employee_id", NEW."date") THEN
        RAISE EXCEPTION 'Ein Eintrag wird nur mit seinem Monat genehmigt.'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF TG_OP = 'UPDATE'
       AND (to_jsonb(NEW) - 'status' - 'shift_id' - 'updated_at') = (to_jsonb(OLD) - 'status' - 'shift_id' - 'updated_at')
       AND (NEW."status" = OLD."status" OR (OLD."status" = 'recorded' AND NEW."status" = 'approved'))
       AND (NEW."shift_id" IS NOT DISTINCT FROM OLD."shift_id" OR NEW."shift_id" IS NULL) THEN
        RETURN NEW;
    END IF;
    IF "timesheet_month_approved"(NEW."employee_id", NEW."date")
       OR (TG_OP = 'UPDATE' AND "timesheet_month_approved"(OLD."employee_id", OLD."date")) THEN
        RAISE EXCEPTION 'Dieser Monat ist genehmigt: Einträge lassen sich erst nach dem Wiedereröffnen ändern.'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END;
$$;
