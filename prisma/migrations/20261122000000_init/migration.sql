-- CreateEnum
CREATE TYPE "Role" AS ENUM ('user', 'manager', 'admin');

-- CreateEnum
CREATE TYPE "VacationStatus" AS ENUM ('approved');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "username" VARCHAR(100) NOT NULL,
    "email" VARCHAR(254),
    "password_hash" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'user',
    "two_factor_enabled" BOOLEAN NOT NULL DEFAULT false,
    "two_factor_secret" TEXT,
    "two_factor_pending_secret" TEXT,
    "two_factor_last_step" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "family_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "replaced_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "two_factor_challenges" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "failed_attempts" INTEGER NOT NULL DEFAULT 0,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "two_factor_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_attempts" (
    "id" SERIAL NOT NULL,
    "username" VARCHAR(100) NOT NULL,
    "ip" VARCHAR(64) NOT NULL,
    "success" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER,
    "username" VARCHAR(100),
    "action" VARCHAR(64) NOT NULL,
    "entity_type" VARCHAR(64),
    "entity_id" INTEGER,
    "details" JSONB,
    "ip" VARCHAR(64),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "employees" (
    "id" SERIAL NOT NULL,
    "first_name" VARCHAR(100) NOT NULL,
    "last_name" VARCHAR(100) NOT NULL,
    "weekly_hours" DECIMAL(4,1) NOT NULL DEFAULT 40,
    "vacation_days_total" DECIMAL(4,1) NOT NULL DEFAULT 20,
    "is_hourly" BOOLEAN NOT NULL DEFAULT false,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "employees_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "locations" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "color" CHAR(7) NOT NULL DEFAULT '#3B82F6',
    "address" VARCHAR(500),
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "locations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shifts" (
    "id" SERIAL NOT NULL,
    "employee_id" INTEGER,
    "location_id" INTEGER NOT NULL,
    "shift_date" DATE NOT NULL,
    "start_time" TIME(0) NOT NULL,
    "end_time" TIME(0) NOT NULL,
    "break_minutes" SMALLINT NOT NULL DEFAULT 0,
    "is_custom" BOOLEAN NOT NULL DEFAULT false,
    "custom_name" VARCHAR(100),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "shifts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vacations" (
    "id" SERIAL NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "days_count" SMALLINT NOT NULL,
    "status" "VacationStatus" NOT NULL DEFAULT 'approved',
    "notes" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vacations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "week_templates" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "description" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "week_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "week_template_shifts" (
    "id" SERIAL NOT NULL,
    "template_id" INTEGER NOT NULL,
    "day_of_week" SMALLINT NOT NULL,
    "location_id" INTEGER NOT NULL,
    "start_time" TIME(0) NOT NULL,
    "end_time" TIME(0) NOT NULL,
    "break_minutes" SMALLINT NOT NULL DEFAULT 0,
    "notes" VARCHAR(500),

    CONSTRAINT "week_template_shifts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_tokens_replaced_by_id_key" ON "refresh_tokens"("replaced_by_id");

-- CreateIndex
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens"("family_id");

-- CreateIndex
CREATE INDEX "refresh_tokens_user_id_idx" ON "refresh_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "two_factor_challenges_token_hash_key" ON "two_factor_challenges"("token_hash");

-- CreateIndex
CREATE INDEX "two_factor_challenges_user_id_idx" ON "two_factor_challenges"("user_id");

-- CreateIndex
CREATE INDEX "login_attempts_username_created_at_idx" ON "login_attempts"("username", "created_at");

-- CreateIndex
CREATE INDEX "login_attempts_ip_created_at_idx" ON "login_attempts"("ip", "created_at");

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");

-- CreateIndex
CREATE INDEX "audit_log_entity_type_entity_id_idx" ON "audit_log"("entity_type", "entity_id");

-- CreateIndex
CREATE INDEX "audit_log_user_id_idx" ON "audit_log"("user_id");

-- CreateIndex
CREATE INDEX "employees_last_name_first_name_idx" ON "employees"("last_name", "first_name");

-- CreateIndex
CREATE INDEX "locations_name_idx" ON "locations"("name");

-- CreateIndex
CREATE INDEX "shifts_shift_date_start_time_idx" ON "shifts"("shift_date", "start_time");

-- CreateIndex
CREATE INDEX "shifts_employee_id_shift_date_idx" ON "shifts"("employee_id", "shift_date");

-- CreateIndex
CREATE INDEX "shifts_location_id_shift_date_idx" ON "shifts"("location_id", "shift_date");

-- CreateIndex
CREATE INDEX "vacations_employee_id_start_date_end_date_idx" ON "vacations"("employee_id", "start_date", "end_date");

-- CreateIndex
CREATE INDEX "vacations_start_date_end_date_idx" ON "vacations"("start_date", "end_date");

-- CreateIndex
CREATE INDEX "week_template_shifts_template_id_idx" ON "week_template_shifts"("template_id");

-- CreateIndex
CREATE INDEX "week_template_shifts_location_id_idx" ON "week_template_shifts"("location_id");

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_replaced_by_id_fkey" FOREIGN KEY ("replaced_by_id") REFERENCES "refresh_tokens"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_employee_id_fkey" FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_employee_id_fkey" FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "week_template_shifts" ADD CONSTRAINT "week_template_shifts_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "week_templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "week_template_shifts" ADD CONSTRAINT "week_template_shifts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Rules Prisma's schema language cannot express; the API validates the same
-- rules with German messages, these keep the data sound whatever writes it.
ALTER TABLE "employees"
    ADD CONSTRAINT "employees_weekly_hours_range" CHECK ("weekly_hours" BETWEEN 0 AND 168 AND "weekly_hours" * 2 = trunc("weekly_hours" * 2)),
    ADD CONSTRAINT "employees_vacation_days_total_range" CHECK ("vacation_days_total" BETWEEN 0 AND 365 AND "vacation_days_total" * 2 = trunc("vacation_days_total" * 2));

ALTER TABLE "locations"
    ADD CONSTRAINT "locations_color_hex" CHECK ("color" ~ '^#[0-9A-F]{6}$');

ALTER TABLE "shifts"
    ADD CONSTRAINT "shifts_start_differs_from_end" CHECK ("start_time" <> "end_time"),
    ADD CONSTRAINT "shifts_custom_name_only_when_custom" CHECK ("is_custom" OR "custom_name" IS NULL),
    ADD CONSTRAINT "shifts_break_minutes_zero" CHECK ("break_minutes" = 0);

ALTER TABLE "vacations"
    ADD CONSTRAINT "vacations_end_not_before_start" CHECK ("end_date" >= "start_date"),
    ADD CONSTRAINT "vacations_days_count_not_negative" CHECK ("days_count" >= 0);

ALTER TABLE "week_template_shifts"
    ADD CONSTRAINT "week_template_shifts_day_of_week_range" CHECK ("day_of_week" BETWEEN 0 AND 6),
    ADD CONSTRAINT "week_template_shifts_start_differs_from_end" CHECK ("start_time" <> "end_time"),
    ADD CONSTRAINT "week_template_shifts_break_minutes_zero" CHECK ("break_minutes" = 0);

ALTER TABLE "two_factor_challenges"
    ADD CONSTRAINT "two_factor_challenges_failed_attempts_range" CHECK ("failed_attempts" BETWEEN 0 AND 5);
