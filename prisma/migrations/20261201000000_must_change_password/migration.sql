-- An account an admin created or whose password an admin reset must set a password of its own at the next login
-- (docs/PRODUCT-RULES.md §31.5). Existing accounts (the seed's among them) are not asked to.
ALTER TABLE "users" ADD COLUMN "must_change_password" BOOLEAN NOT NULL DEFAULT false;
