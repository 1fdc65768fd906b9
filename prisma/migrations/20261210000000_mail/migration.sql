-- E-mail for the inbox's messages (docs/PRODUCT-RULES.md §33.5). A user chooses it in their profile; off until then.
ALTER TABLE "users" ADD COLUMN "email_notifications" BOOLEAN NOT NULL DEFAULT false;

-- When the message's e-mail was handed to the mail server: a job run again after that (a retry) sends nothing more.
ALTER TABLE "notifications" ADD COLUMN "emailed_at" TIMESTAMPTZ(3);

-- Its last try failed (docs/PRODUCT-RULES.md §33.5): when and why, for the admins' list of mails not delivered.
ALTER TABLE "notifications" ADD COLUMN "email_failed_at" TIMESTAMPTZ(3);
ALTER TABLE "notifications" ADD COLUMN "email_error" VARCHAR(500);

-- That list, newest first: only the few failed ones.
CREATE INDEX "notifications_email_failed_idx" ON "notifications"("email_failed_at" DESC) WHERE "email_failed_at" IS NOT NULL;
