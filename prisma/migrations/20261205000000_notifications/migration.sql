-- The inbox (docs/PRODUCT-RULES.md §33): one row per message to one user, written in the transaction of the event.
CREATE TYPE "NotificationKind" AS ENUM (
    'shifts_changed', 'vacation_decided', 'application_assigned', 'forgotten_clock_out', 'monthly_statement', 'swap'
);

CREATE TABLE "notifications" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "lines" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "link" VARCHAR(200) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),
    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- The inbox newest first, and its unread count.
CREATE INDEX "notifications_user_id_id_idx" ON "notifications"("user_id", "id" DESC);

ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
