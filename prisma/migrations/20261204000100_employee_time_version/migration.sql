-- A stamp reads the person's time records without a lock and writes only if this number is still the one it read;
-- every other write of those records moves it on (docs/ARCHITECTURE.md §6.5).
ALTER TABLE "employees" ADD COLUMN "time_version" INTEGER NOT NULL DEFAULT 0;
