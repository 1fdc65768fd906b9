-- The overtime account ("Zeitkonto", docs/PRODUCT-RULES.md §34.3) and the payroll settings (§34.2).

-- Where an employee's account starts and with what balance: at most one per employee. It can be set again while no
-- month from its month on is approved (lib/server/time-accounts/write-bookings.ts); the history keeps every setting.
CREATE TABLE "time_account_openings" (
    "employee_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "minutes" INTEGER NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "set_by" INTEGER,
    "set_by_name" VARCHAR(100),
    "set_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "time_account_openings_pkey" PRIMARY KEY ("employee_id"),
    CONSTRAINT "time_account_openings_first_day" CHECK (EXTRACT(DAY FROM "month") = 1),
    CONSTRAINT "time_account_openings_in_window" CHECK ("month" BETWEEN DATE '2000-01-01' AND DATE '2099-12-01'),
    -- ± 10,000 hours: far beyond any real balance, inside every sum's integer.
    CONSTRAINT "time_account_openings_minutes" CHECK ("minutes" BETWEEN -600000 AND 600000)
);
ALTER TABLE "time_account_openings" ADD CONSTRAINT "time_account_openings_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A booking on the account: hours paid out (always taken off) or a correction (either way), in a month, with a
-- reason. Immutable like the time entries' revisions: a wrong booking is undone by another one.
CREATE TYPE "TimeAccountBookingKind" AS ENUM ('payout', 'correction');

CREATE TABLE "time_account_bookings" (
    "id" SERIAL NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "kind" "TimeAccountBookingKind" NOT NULL,
    "minutes" INTEGER NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "created_by" INTEGER,
    "created_by_name" VARCHAR(100),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "time_account_bookings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "time_account_bookings_first_day" CHECK (EXTRACT(DAY FROM "month") = 1),
    CONSTRAINT "time_account_bookings_in_window" CHECK ("month" BETWEEN DATE '2000-01-01' AND DATE '2099-12-01'),
    -- A payout is a positive number of minutes taken off; a correction is never 0.
    CONSTRAINT "time_account_bookings_minutes" CHECK (
        "minutes" BETWEEN -600000 AND 600000 AND "minutes" <> 0 AND ("kind" <> 'payout' OR "minutes" > 0))
);
CREATE INDEX "time_account_bookings_employee_id_month_idx" ON "time_account_bookings"("employee_id", "month");
ALTER TABLE "time_account_bookings" ADD CONSTRAINT "time_account_bookings_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE FUNCTION "time_account_bookings_immutable"() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'Buchungen des Zeitkontos können weder geändert noch gelöscht werden'
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
CREATE TRIGGER "time_account_bookings_no_change"
    BEFORE UPDATE OR DELETE ON "time_account_bookings"
    FOR EACH ROW EXECUTE FUNCTION "time_account_bookings_immutable"();

-- The payroll settings: surcharge percentages per labour rules, wage types per category, the CSV's column names and
-- DATEV's consultant and client numbers; one JSON object, read through lib/server/settings/payroll-settings.ts, where
-- absent keys mean the defaults.
ALTER TABLE "company_settings" ADD COLUMN "payroll" JSONB NOT NULL DEFAULT '{}';

-- Personalnummer: the payroll's key for a person, set by admins, unique when set.
ALTER TABLE "employees" ADD COLUMN "personnel_number" VARCHAR(20);
CREATE UNIQUE INDEX "employees_personnel_number_key" ON "employees"("personnel_number");
