-- Planned vs. worked and the monthly approval (docs/PRODUCT-RULES.md §32.3): one row per employee and month once a
-- manager approved it. Reopening clears `approved_at` and keeps the row with who reopened it and why; the entries'
-- revisions and the history keep every approval and reopening. What the app checks under the employee's lock
-- (lib/server/time/approval.ts, entry-checks.ts) the triggers below hold for raw SQL too: an approved month's
-- entries and breaks do not change.

-- CreateTable
CREATE TABLE "timesheet_months" (
    "employee_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "approved_at" TIMESTAMPTZ(3),
    "approved_by" INTEGER,
    "approved_by_name" VARCHAR(100),
    "reopened_at" TIMESTAMPTZ(3),
    "reopened_by" INTEGER,
    "reopened_by_name" VARCHAR(100),
    "reopen_reason" VARCHAR(500),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "timesheet_months_pkey" PRIMARY KEY ("employee_id", "month"),
    -- A month is named by its first day, inside the dates' window of the API (docs/PRODUCT-RULES.md §30.1).
    CONSTRAINT "timesheet_months_first_day" CHECK (EXTRACT(DAY FROM "month") = 1),
    CONSTRAINT "timesheet_months_in_window" CHECK ("month" BETWEEN DATE '2000-01-01' AND DATE '2099-12-01'),
    -- A reopening always says why.
    CONSTRAINT "timesheet_months_reopen_reason" CHECK ("reopened_at" IS NULL OR "reopen_reason" IS NOT NULL)
);

-- AddForeignKey: employees are archived, never deleted, while their months are kept.
ALTER TABLE "timesheet_months" ADD CONSTRAINT "timesheet_months_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- An approval is a record: reopened, never deleted.
CREATE FUNCTION "timesheet_months_not_deleted"() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'Genehmigte Monate werden nie gelöscht, nur wiedereröffnet'
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER "timesheet_months_no_delete"
    BEFORE DELETE ON "timesheet_months"
    FOR EACH ROW EXECUTE FUNCTION "timesheet_months_not_deleted"();

-- Whether the employee's month of a day is approved.
CREATE FUNCTION "timesheet_month_approved"("employee" integer, "day" date) RETURNS boolean
    LANGUAGE sql STABLE
    RETURN EXISTS (
        SELECT 1 FROM "timesheet_months" m
        WHERE m."employee_id" = "employee" AND m."month" = date_trunc('month', "day")::date
          AND m."approved_at" IS NOT NULL);

-- In an approved month no entry is added or changed. Two updates pass: the approval itself (recorded → approved,
-- nothing else changed) and a deleted shift setting `shift_id` to null (ON DELETE SET NULL of the plan).
CREATE FUNCTION "time_entries_month_locked"() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE'
       AND NEW."employee_id" = OLD."employee_id" AND NEW."location_id" = OLD."location_id"
       AND NEW."date" = OLD."date" AND NEW."start_at" = OLD."start_at"
       AND NEW."end_at" IS NOT DISTINCT FROM OLD."end_at" AND NEW."note" IS NOT DISTINCT FROM OLD."note"
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

CREATE TRIGGER "time_entries_approved_month"
    BEFORE INSERT OR UPDATE ON "time_entries"
    FOR EACH ROW EXECUTE FUNCTION "time_entries_month_locked"();

-- The breaks of an approved entry stay as they are.
CREATE FUNCTION "time_breaks_entry_locked"() RETURNS trigger
    LANGUAGE plpgsql AS $$
DECLARE
    "entry" integer := CASE WHEN TG_OP = 'DELETE' THEN OLD."entry_id" ELSE NEW."entry_id" END;
BEGIN
    IF EXISTS (SELECT 1 FROM "time_entries" t WHERE t."id" = "entry" AND t."status" = 'approved')
       OR (TG_OP = 'UPDATE' AND EXISTS (
           SELECT 1 FROM "time_entries" t WHERE t."id" = OLD."entry_id" AND t."status" = 'approved')) THEN
        RAISE EXCEPTION 'Dieser Monat ist genehmigt: Einträge lassen sich erst nach dem Wiedereröffnen ändern.'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;

CREATE TRIGGER "time_breaks_approved_entry"
    BEFORE INSERT OR UPDATE OR DELETE ON "time_breaks"
    FOR EACH ROW EXECUTE FUNCTION "time_breaks_entry_locked"();
