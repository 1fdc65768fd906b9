-- Webhooks (docs/PRODUCT-RULES.md §37): an admin registers a URL and the events it wants; every event of a domain
-- write becomes one delivery row per hook that listens, written with its job in the write's own transaction.
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'retrying', 'succeeded', 'failed', 'gave_up');

CREATE TABLE "webhooks" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100),
    "url" VARCHAR(2000) NOT NULL,
    "events" TEXT[] NOT NULL,
    -- The signing secret, sealed with ENCRYPTION_KEY (lib/server/auth/secret-box.ts): shown once, never answered.
    "secret" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    -- Since when its deliveries fail without a success between (the oldest event it has not taken since its last
    -- success); 24 hours of it disable the hook.
    "failing_since" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" INTEGER,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhooks_events_known" CHECK (
        cardinality("events") >= 1 AND "events" <@ ARRAY['shift.created', 'shift.updated', 'shift.deleted',
            'schedule.published', 'vacation.requested', 'vacation.approved', 'vacation.rejected',
            'time_entry.created', 'time_entry.updated', 'timesheet.approved', 'swap.approved']::text[]),
    CONSTRAINT "webhooks_disabled_inactive" CHECK ("disabled_at" IS NULL OR NOT "active")
);

ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_fkey" FOREIGN KEY ("created_by")
    REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
-- Every domain write asks which active hooks listen to its events: a handful of rows, read through this index.
CREATE INDEX "webhooks_active_events_idx" ON "webhooks" USING GIN ("events") WHERE "active";

-- One event to one hook. Its id is the `X-Schichtwerk-Delivery` header, the same on every try.
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "webhook_id" INTEGER NOT NULL,
    "event" VARCHAR(40) NOT NULL,
    -- The body as sent, `json` (not jsonb) so every try sends the same text with the API's key order; null once
    -- the delivery is finished and no longer among the hook's newest 50.
    "payload" JSON,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" SMALLINT NOT NULL DEFAULT 0,
    "response_status" SMALLINT,
    "duration_ms" INTEGER,
    "error" VARCHAR(300),
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_payload_kept" CHECK ("payload" IS NOT NULL OR "finished_at" IS NOT NULL)
);

ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id")
    REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- The hook's delivery log, newest first.
CREATE INDEX "webhook_deliveries_webhook_id_created_at_id_idx"
    ON "webhook_deliveries"("webhook_id", "created_at" DESC, "id" DESC);
-- The rows whose payload is still kept: the pruning after each finished delivery reads only these.
CREATE INDEX "webhook_deliveries_kept_idx" ON "webhook_deliveries"("webhook_id", "created_at")
    WHERE "payload" IS NOT NULL;

-- The admins are told in the inbox when a hook is disabled after 24 hours of failures. Not used in this script,
-- so ADD VALUE is safe inside the script's one transaction.
ALTER TYPE "NotificationKind" ADD VALUE 'webhook_disabled';

-- The history files `webhook.*` under "Benutzer" (lib/shared/audit-kinds.ts), beside the calendar links: both hand
-- data to something outside the app. audit_kind() learns the prefix and keeps every kind of 20261203000100_absences;
-- the indexes built on it are rebuilt (docs/ARCHITECTURE.md §12, "an audit action").
CREATE OR REPLACE FUNCTION "audit_kind"("action" text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN "action" LIKE 'shift.%' OR "action" LIKE 'shift\_application.%' OR "action" LIKE 'change.%'
            OR "action" = 'week_template.apply' THEN 'shifts'
        WHEN "action" LIKE 'vacation.%' THEN 'vacations'
        WHEN "action" LIKE 'unavailability.%' THEN 'unavailability'
        WHEN "action" LIKE 'absence.%' THEN 'absences'
        WHEN "action" LIKE 'employee.%' OR "action" LIKE 'location.%' OR "action" LIKE 'week\_template.%'
            OR "action" LIKE 'shift\_preset.%' OR "action" LIKE 'settings.%' THEN 'master_data'
        WHEN "action" LIKE 'user.%' OR "action" LIKE 'calendar\_feed.%' OR "action" LIKE 'webhook.%' THEN 'users'
        WHEN "action" LIKE 'auth.%' THEN 'sign_ins'
        WHEN "action" LIKE 'time\_entry.%' OR "action" LIKE 'time\_correction.%' OR "action" LIKE 'timesheet.%'
            OR "action" LIKE 'terminal.%' THEN 'time'
        ELSE 'other'
    END;

REINDEX INDEX "audit_log_kind_created_at_id_idx";
REINDEX INDEX "audit_log_kind_user_id_created_at_id_idx";
REINDEX INDEX "audit_log_planner_created_at_id_idx";
