-- The calendar feed (docs/PRODUCT-RULES.md §26.2) is kept per schedule data
-- version like the week view (docs/ARCHITECTURE.md §6.4). It also shows a
-- location's address, so a changed address must move the version too.
DROP TRIGGER "locations_bump_schedule_version" ON "locations";
CREATE TRIGGER "locations_bump_schedule_version"
    AFTER INSERT OR UPDATE OF "name", "color", "address", "holiday_region", "archived_at" OR DELETE OR TRUNCATE
    ON "locations"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
