-- PINs and the terminal, "Stempeluhr" (docs/PRODUCT-RULES.md §32.4): shared tablets at a location that stamp for its
-- staff, the employees' PINs (bcrypt hashes) and the wrong PINs the lockouts count. Only hashes of the terminal's
-- credential and of its one-time pairing token are stored.

-- CreateTable
CREATE TABLE "terminals" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "credential_hash" CHAR(64),
    "pairing_token_hash" CHAR(64),
    "pairing_expires_at" TIMESTAMPTZ(3),
    "paired_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "paused_until" TIMESTAMPTZ(3),
    "created_by" INTEGER,
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "terminals_pkey" PRIMARY KEY ("id"),
    -- A pairing link always has its expiry.
    CONSTRAINT "terminals_pairing_expires" CHECK (("pairing_token_hash" IS NULL) = ("pairing_expires_at" IS NULL)),
    -- A revoked terminal keeps neither a credential nor a pairing link.
    CONSTRAINT "terminals_revoked_holds_nothing" CHECK (
        "revoked_at" IS NULL OR ("credential_hash" IS NULL AND "pairing_token_hash" IS NULL))
);

-- CreateTable
CREATE TABLE "employee_pins" (
    "employee_id" INTEGER NOT NULL,
    "pin_hash" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "employee_pins_pkey" PRIMARY KEY ("employee_id")
);

-- CreateTable
CREATE TABLE "terminal_pin_failures" (
    "id" SERIAL NOT NULL,
    "terminal_id" INTEGER NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "pending" BOOLEAN NOT NULL DEFAULT true,
    "cleared" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "terminal_pin_failures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "terminals_credential_hash_key" ON "terminals"("credential_hash");

-- CreateIndex
CREATE UNIQUE INDEX "terminals_pairing_token_hash_key" ON "terminals"("pairing_token_hash");

-- CreateIndex
CREATE INDEX "terminals_location_id_idx" ON "terminals"("location_id");

-- CreateIndex
CREATE INDEX "terminal_pin_failures_terminal_id_employee_id_created_at_idx" ON "terminal_pin_failures"("terminal_id", "employee_id", "created_at");

-- CreateIndex
CREATE INDEX "terminal_pin_failures_terminal_id_created_at_idx" ON "terminal_pin_failures"("terminal_id", "created_at");

-- AddForeignKey: locations are archived, not deleted, while anything refers to them.
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_location_id_fkey" FOREIGN KEY ("location_id")
    REFERENCES "locations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_created_by_fkey" FOREIGN KEY ("created_by")
    REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "employee_pins" ADD CONSTRAINT "employee_pins_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminal_pin_failures" ADD CONSTRAINT "terminal_pin_failures_terminal_id_fkey" FOREIGN KEY ("terminal_id")
    REFERENCES "terminals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminal_pin_failures" ADD CONSTRAINT "terminal_pin_failures_employee_id_fkey" FOREIGN KEY ("employee_id")
    REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;
