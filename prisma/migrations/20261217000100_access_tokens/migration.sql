-- Access tokens for integrations (docs/PRODUCT-RULES.md §36).

CREATE TABLE "access_tokens" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "scopes" TEXT[] NOT NULL,
    "secret_hash" CHAR(64) NOT NULL,
    "hint" VARCHAR(12) NOT NULL,
    "expires_on" DATE,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_by" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_tokens_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "access_tokens_scopes_known" CHECK (
        cardinality("scopes") >= 1 AND "scopes" <@ ARRAY['schedule:read', 'schedule:write', 'employees:read',
            'vacations:read', 'vacations:write', 'time:read', 'time:write', 'reports:read']::TEXT[])
);

CREATE UNIQUE INDEX "access_tokens_secret_hash_key" ON "access_tokens"("secret_hash");

ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_created_by_fkey"
    FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The history names the token that made a change.
ALTER TABLE "audit_log" ADD COLUMN "access_token_id" INTEGER;
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_access_token_id_fkey"
    FOREIGN KEY ("access_token_id") REFERENCES "access_tokens"("id") ON DELETE SET NULL ON UPDATE CASCADE;
