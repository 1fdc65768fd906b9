-- Shift presets, "Schichtarten" (docs/PRODUCT-RULES.md §27.1): named times of a
-- location ("Früh 06:00–14:00") that the shift dialog offers as one-click
-- buttons. The checks mirror the zod rules of lib/shared/schemas/shift-preset.ts
-- and the shift's own checks (an end before the start runs past midnight).
-- No schedule-version trigger: the planner's week answer does not carry presets
-- (they come with GET /api/locations).

-- CreateTable
CREATE TABLE "shift_presets" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "start_time" TIME(0) NOT NULL,
    "end_time" TIME(0) NOT NULL,
    "break_minutes" SMALLINT NOT NULL DEFAULT 0,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shift_presets_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "shift_presets_name_not_blank" CHECK (btrim("name") <> ''),
    CONSTRAINT "shift_presets_start_differs_from_end" CHECK ("start_time" <> "end_time"),
    CONSTRAINT "shift_presets_break_minutes_valid" CHECK (
        "break_minutes" >= 0 AND "break_minutes" % 5 = 0
        AND "break_minutes" < ((extract(epoch FROM "end_time" - "start_time")::int / 60) + 1440) % 1440
    ),
    CONSTRAINT "shift_presets_sort_order_range" CHECK ("sort_order" BETWEEN 0 AND 999)
);

-- One name per location regardless of case ("Früh" and "früh" are one preset);
-- it also serves the lookup of a location's presets.
CREATE UNIQUE INDEX "shift_presets_location_id_lower_name_key" ON "shift_presets"("location_id", lower("name"));

-- AddForeignKey
ALTER TABLE "shift_presets" ADD CONSTRAINT "shift_presets_location_id_fkey" FOREIGN KEY ("location_id")
    REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
