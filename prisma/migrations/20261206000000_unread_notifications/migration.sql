-- The bell's count on every session check (GET /api/auth/me): the unread messages alone, counted from the index.
CREATE INDEX "notifications_unread_idx" ON "notifications"("user_id") WHERE "read_at" IS NULL;
