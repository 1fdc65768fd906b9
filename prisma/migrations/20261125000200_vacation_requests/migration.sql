-- Vacation requests (docs/PRODUCT-RULES.md §26.3): a linked employee asks, a manager approves or rejects.
--
-- The enum gains 'requested' and 'rejected'. `ALTER TYPE … ADD VALUE` would leave the new values unusable until
-- the transaction commits, and `prisma migrate deploy` sends this file as one script, which PostgreSQL runs as one
-- implicit transaction: the check constraint below could not name 'rejected'. So the type is replaced instead, the
-- way Prisma itself changes an enum: a new type, the column cast to it, the old type dropped. Every existing row
-- stays 'approved'.
CREATE TYPE "VacationStatus_new" AS ENUM ('requested', 'approved', 'rejected');

ALTER TABLE "vacations" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "vacations"
    ALTER COLUMN "status" TYPE "VacationStatus_new" USING ("status"::text::"VacationStatus_new");
DROP TYPE "VacationStatus";
ALTER TYPE "VacationStatus_new" RENAME TO "VacationStatus";
-- Recorded by a manager or admin, a vacation is approved at once (the default of every write before requests).
ALTER TABLE "vacations" ALTER COLUMN "status" SET DEFAULT 'approved';

-- The reason a manager gave for a rejection, shown to the requester; only a rejected vacation has one, and it has
-- one. Who decided and when is in the audit log (vacation.approve, vacation.reject).
ALTER TABLE "vacations" ADD COLUMN "rejection_reason" VARCHAR(500);
ALTER TABLE "vacations"
    ADD CONSTRAINT "vacations_rejection_reason_iff_rejected"
    CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL));

-- The planner's list of open requests and the dashboard's count read by status.
CREATE INDEX "vacations_status_idx" ON "vacations"("status");
