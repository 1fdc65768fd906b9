-- Undo for plan writes (docs/PRODUCT-RULES.md §27.7): every plan write stores the state of each shift it
-- touched before and after, so POST /api/changes/{id}/undo can check that nothing changed since and put the
-- before-states back.

-- CreateTable
CREATE TABLE "plan_changes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" VARCHAR(32) NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMPTZ(3),
    "undone_by" UUID,

    CONSTRAINT "plan_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_change_shifts" (
    "change_id" UUID NOT NULL,
    "shift_id" INTEGER NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "plan_change_shifts_pkey" PRIMARY KEY ("change_id", "shift_id"),
    CONSTRAINT "plan_change_shifts_state_check" CHECK ("before" IS NOT NULL OR "after" IS NOT NULL)
);

-- CreateIndex
CREATE INDEX "plan_changes_created_at_idx" ON "plan_changes"("created_at");

-- AddForeignKey
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_change_shifts" ADD CONSTRAINT "plan_change_shifts_change_id_fkey" FOREIGN KEY ("change_id") REFERENCES "plan_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
