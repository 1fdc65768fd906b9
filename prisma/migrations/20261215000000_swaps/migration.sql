-- Swapping and giving away shifts (docs/PRODUCT-RULES.md §35): an offer of a published shift by the person who has
-- it, to anyone who may take it ("Abgeben") or against a named colleague's shift ("Tauschen"); taken by the first
-- colleague who accepts, then approved or rejected by a planner where the location asks for it.
CREATE TYPE "SwapKind" AS ENUM ('give_away', 'swap');
CREATE TYPE "SwapStatus" AS ENUM ('open', 'accepted', 'approved', 'rejected', 'withdrawn', 'cancelled', 'expired');

-- "Tausch braucht Freigabe" per location, on unless a planner switches it off.
ALTER TABLE "locations" ADD COLUMN "swap_needs_approval" BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE "shift_swaps" (
    "id" SERIAL NOT NULL,
    "kind" "SwapKind" NOT NULL,
    "status" "SwapStatus" NOT NULL DEFAULT 'open',
    -- Null once the shift is deleted; the offer keeps what it was in `shift_text`.
    "shift_id" INTEGER,
    "offered_by" INTEGER NOT NULL,
    -- "Tauschen": the colleague's shift the offerer would take in return, and that colleague.
    "target_shift_id" INTEGER,
    "target_employee_id" INTEGER,
    "accepted_by" INTEGER,
    "accepted_at" TIMESTAMPTZ(3),
    "note" VARCHAR(500),
    -- The shifts as they were offered: { shift_date, start_time, end_time, break_minutes, location_id,
    -- location_name, custom_name }, for the messages and the list after a shift is changed or gone.
    "shift_text" JSONB NOT NULL,
    "target_text" JSONB,
    -- When the first of its shifts begins: the offer ends then.
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_by" INTEGER,
    "decided_by_name" VARCHAR(50),
    "decided_at" TIMESTAMPTZ(3),
    "reject_reason" VARCHAR(500),
    -- Why a cancelled offer ended: the shift changed or deleted by a planner, a person archived, a location archived.
    "end_reason" VARCHAR(30),
    "change_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shift_swaps_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "shift_swaps_kind_target_check"
        CHECK (("kind" = 'swap') = ("target_employee_id" IS NOT NULL AND "target_text" IS NOT NULL)),
    CONSTRAINT "shift_swaps_accepted_check" CHECK (("accepted_by" IS NULL) = ("accepted_at" IS NULL)),
    CONSTRAINT "shift_swaps_not_self_check" CHECK ("accepted_by" <> "offered_by")
);

-- One live offer per shift: offering it again while one is open or accepted is refused.
CREATE UNIQUE INDEX "shift_swaps_live_shift_key" ON "shift_swaps"("shift_id") WHERE "status" IN ('open', 'accepted');
CREATE INDEX "shift_swaps_live_target_idx" ON "shift_swaps"("target_shift_id") WHERE "status" IN ('open', 'accepted');
-- The expiry job and the planners' list of what waits.
CREATE INDEX "shift_swaps_live_starts_at_idx" ON "shift_swaps"("starts_at") WHERE "status" IN ('open', 'accepted');
CREATE INDEX "shift_swaps_offered_by_idx" ON "shift_swaps"("offered_by");
CREATE INDEX "shift_swaps_target_employee_id_idx" ON "shift_swaps"("target_employee_id");
CREATE INDEX "shift_swaps_accepted_by_idx" ON "shift_swaps"("accepted_by");
CREATE INDEX "shift_swaps_created_at_idx" ON "shift_swaps"("created_at");

ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_shift_id_fkey" FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_target_shift_id_fkey" FOREIGN KEY ("target_shift_id") REFERENCES "shifts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_offered_by_fkey" FOREIGN KEY ("offered_by") REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_target_employee_id_fkey" FOREIGN KEY ("target_employee_id") REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_accepted_by_fkey" FOREIGN KEY ("accepted_by") REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
