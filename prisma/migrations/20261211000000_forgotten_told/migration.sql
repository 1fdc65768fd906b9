-- A running entry whose person was told "Ausstempeln vergessen?" (docs/PRODUCT-RULES.md §33.6): when. Set in the
-- transaction that writes the message, so each forgotten stamp is told once, whichever app instance looks.
ALTER TABLE "time_entries" ADD COLUMN "forgotten_told_at" TIMESTAMPTZ(3);
