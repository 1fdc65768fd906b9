-- An access token is valid only while its session lives (docs/PRODUCT-RULES.md §4.1, §30.3): every authenticated
-- request looks for a live token of the family its `sid` names (lib/server/auth/authenticate.ts), in the statement
-- that re-reads the user. A long session holds a rotated token per refresh; with revoked_at in the key the lookup
-- reads only the live one. Logout and reuse detection (family_id, revoked_at IS NULL) use the same index, so the
-- single-column one goes.
DROP INDEX "refresh_tokens_family_id_idx";
CREATE INDEX "refresh_tokens_family_id_revoked_at_idx" ON "refresh_tokens"("family_id", "revoked_at");
