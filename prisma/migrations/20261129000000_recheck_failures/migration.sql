-- Re-checks inside a session (docs/PRODUCT-RULES.md §30.2): one row per wrong answer (current password, 2FA code),
-- written before the answer is judged; 5 rows of a user within 15 minutes lock the re-checks. No secret is stored.
-- CreateTable
CREATE TABLE "recheck_failures" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recheck_failures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recheck_failures_user_id_created_at_idx" ON "recheck_failures"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "recheck_failures" ADD CONSTRAINT "recheck_failures_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
