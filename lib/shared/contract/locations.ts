import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { messageSchema } from "@/lib/shared/schemas/common";
import {
  locationDeletionImpactSchema,
  locationDtoSchema,
  locationInputSchema,
  locationUpdateSchema,
} from "@/lib/shared/schemas/location";
import {
  copyShiftPresetsInputSchema,
  copyShiftPresetsResultSchema,
  MAX_PRESETS_PER_LOCATION,
  presetParamsSchema,
  shiftPresetDtoSchema,
  shiftPresetInputSchema,
} from "@/lib/shared/schemas/shift-preset";
import { defineOperation } from "./operation";

const tag = "Locations";

export const listLocations = defineOperation({
  method: "GET",
  path: "/api/locations",
  id: "listLocations",
  tag,
  summary: "Active locations",
  access: "schedule:read",
  scope: "schedule:read",
  responses: [{ status: 200, description: "The locations", schema: z.array(locationDtoSchema) }],
});

export const createLocation = defineOperation({
  method: "POST",
  path: "/api/locations",
  id: "createLocation",
  tag,
  summary: "Create a location",
  access: "master-data:write",
  body: locationInputSchema,
  responses: [{ status: 201, description: "The new location", schema: locationDtoSchema }],
});

export const getLocation = defineOperation({
  method: "GET",
  path: "/api/locations/{id}",
  id: "getLocation",
  tag,
  summary: "One active location",
  access: "schedule:read",
  scope: "schedule:read",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The location", schema: locationDtoSchema }],
});

export const updateLocation = defineOperation({
  method: "PUT",
  path: "/api/locations/{id}",
  id: "updateLocation",
  tag,
  summary: "Change a location",
  description: "Changes the fields sent; the rest stays.",
  access: "master-data:write",
  params: idParamsSchema,
  body: locationUpdateSchema,
  responses: [{ status: 200, description: "The changed location", schema: locationDtoSchema }],
});

export const archiveLocation = defineOperation({
  method: "DELETE",
  path: "/api/locations/{id}",
  id: "archiveLocation",
  tag,
  summary: "Archive a location",
  description: "Keeps the past for reports: the location's shifts from today on and its template rows are removed.",
  access: "master-data:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Archived", schema: messageSchema }],
});

export const locationDeletionImpact = defineOperation({
  method: "GET",
  path: "/api/locations/{id}/deletion-impact",
  id: "getLocationDeletionImpact",
  tag,
  summary: "What archiving a location would delete now",
  description:
    "Counts what DELETE /api/locations/{id} would remove if it ran now: the location's shifts from today on and " +
    "its week-template rows. Changes nothing.",
  access: "master-data:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The counts", schema: locationDeletionImpactSchema }],
});

// Shift presets, "Schichtarten" (docs/PRODUCT-RULES.md §27.1): read with the schedule, written by admins.

export const listShiftPresets = defineOperation({
  method: "GET",
  path: "/api/locations/{id}/presets",
  id: "listShiftPresets",
  tag,
  summary: "The shift presets of an active location",
  description: "By sort_order, then start_time. GET /api/locations answers them too, as each location's `presets`.",
  access: "schedule:read",
  scope: "schedule:read",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The presets", schema: z.array(shiftPresetDtoSchema) }],
  errors: [{ status: 404, description: "`not_found`: no such location, or it is archived" }],
});

const writeErrors = [
  { status: 404 as const, description: "`not_found`: no such location (or archived), or no such preset of it" },
  {
    status: 409 as const,
    description: "`conflict` with `fields.name`: the location has a preset of this name (regardless of case)",
  },
];

export const createShiftPreset = defineOperation({
  method: "POST",
  path: "/api/locations/{id}/presets",
  id: "createShiftPreset",
  tag,
  summary: "Add a shift preset to a location",
  description: `At most ${MAX_PRESETS_PER_LOCATION} per location; without sort_order it goes after the last.`,
  access: "master-data:write",
  params: idParamsSchema,
  body: shiftPresetInputSchema,
  responses: [{ status: 201, description: "The new preset", schema: shiftPresetDtoSchema }],
  errors: [
    { status: 400, description: `\`validation_failed\`: the location has ${MAX_PRESETS_PER_LOCATION} presets already` },
    ...writeErrors,
  ],
});

export const updateShiftPreset = defineOperation({
  method: "PUT",
  path: "/api/locations/{id}/presets/{presetId}",
  id: "updateShiftPreset",
  tag,
  summary: "Change a shift preset",
  description: "The whole preset; without sort_order its place stays.",
  access: "master-data:write",
  params: presetParamsSchema,
  body: shiftPresetInputSchema,
  responses: [{ status: 200, description: "The changed preset", schema: shiftPresetDtoSchema }],
  errors: writeErrors,
});

export const deleteShiftPreset = defineOperation({
  method: "DELETE",
  path: "/api/locations/{id}/presets/{presetId}",
  id: "deleteShiftPreset",
  tag,
  summary: "Delete a shift preset",
  description: "Shifts planned with it keep their times: a preset only fills the shift dialog.",
  access: "master-data:write",
  params: presetParamsSchema,
  responses: [{ status: 200, description: "Deleted", schema: messageSchema }],
  errors: [writeErrors[0]],
});

export const copyShiftPresets = defineOperation({
  method: "POST",
  path: "/api/locations/{id}/presets/copy",
  id: "copyShiftPresets",
  tag,
  summary: "Copy a location's shift presets to other locations",
  description:
    "In one transaction (docs/PRODUCT-RULES.md §31.5). A target keeps what it has: a preset of the same name, one " +
    `with the same times and break, and what no longer fits under ${MAX_PRESETS_PER_LOCATION} are skipped and ` +
    "reported in `skipped`.",
  access: "master-data:write",
  params: idParamsSchema,
  body: copyShiftPresetsInputSchema,
  responses: [
    { status: 201, description: "What was created and what was skipped", schema: copyShiftPresetsResultSchema },
  ],
  errors: [
    {
      status: 400,
      description:
        "`validation_failed` with `fields.to_location_ids`: the source itself, an unknown or archived target, or the " +
        "source has no presets",
    },
    { status: 404, description: "`not_found`: no such location, or it is archived" },
  ],
});
