-- The history screen (docs/PRODUCT-RULES.md §27.5) pages the audit log newest first by (created_at, id) with a
-- cursor, filtered by acting user, kind and period. Every filter combination it offers has an index that yields
-- its rows already in that order, so a page reads about `limit` index entries even at 1 M rows
-- (docs/PERFORMANCE.md, "P14").

-- The kind ("Art") of an action: the one mapping, used by the filter, the indexes and the answer. IMMUTABLE because
-- indexes are built on it: a change to it needs a new migration that replaces it and runs REINDEX on the indexes below.
CREATE FUNCTION "audit_kind"("action" text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN "action" LIKE 'shift.%' OR "action" LIKE 'shift\_application.%' OR "action" LIKE 'change.%'
            OR "action" = 'week_template.apply' THEN 'shifts'
        WHEN "action" LIKE 'vacation.%' THEN 'vacations'
        WHEN "action" LIKE 'unavailability.%' THEN 'unavailability'
        WHEN "action" LIKE 'employee.%' OR "action" LIKE 'location.%' OR "action" LIKE 'week\_template.%'
            OR "action" LIKE 'shift\_preset.%' OR "action" LIKE 'settings.%' THEN 'master_data'
        WHEN "action" LIKE 'user.%' OR "action" LIKE 'calendar\_feed.%' THEN 'users'
        WHEN "action" LIKE 'auth.%' THEN 'sign_ins'
        ELSE 'other'
    END;

-- Unfiltered (admins) and the period filter: replaces the index on created_at alone.
DROP INDEX "audit_log_created_at_idx";
CREATE INDEX "audit_log_created_at_id_idx" ON "audit_log"("created_at", "id");

-- By person (with or without a period): replaces the index on user_id alone, which also served the foreign key.
DROP INDEX "audit_log_user_id_idx";
CREATE INDEX "audit_log_user_id_created_at_id_idx" ON "audit_log"("user_id", "created_at", "id");

-- By kind, and by kind and person (also answers "who appears in these kinds" for the person filter).
CREATE INDEX "audit_log_kind_created_at_id_idx" ON "audit_log"("audit_kind"("action"), "created_at", "id");
CREATE INDEX "audit_log_kind_user_id_created_at_id_idx"
    ON "audit_log"("audit_kind"("action"), "user_id", "created_at", "id");

-- A manager's unfiltered view: the kinds managers may see (lib/shared/audit-kinds.ts, PLANNER_KINDS), in the
-- very form find-audit.ts writes them so the planner proves the predicate.
CREATE INDEX "audit_log_planner_created_at_id_idx" ON "audit_log"("created_at", "id")
    WHERE "audit_kind"("action") = ANY (ARRAY['shifts', 'vacations', 'unavailability']::text[]);
