import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { messageSchema } from "@/lib/shared/schemas/common";
import { locationDtoSchema, locationInputSchema, locationUpdateSchema } from "@/lib/shared/schemas/location";
import { defineOperation } from "./operation";

const tag = "Locations";

export const listLocations = defineOperation({
  method: "GET",
  path: "/api/locations",
  id: "listLocations",
  tag,
  summary: "Active locations",
  access: "schedule:read",
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
