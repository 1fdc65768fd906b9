-- A calendar link belongs to the account that made it (docs/PRODUCT-RULES.md §26.2, §30.3): unlinking or deleting
-- that account, or archiving the employee, now ends it in the same transaction. Links left over from before, whose
-- employee has no account any more, end here: they would still serve the feed, and the employee's next account
-- would be shown them as its own.
DELETE FROM "calendar_feeds" f
WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."employee_id" = f."employee_id");
