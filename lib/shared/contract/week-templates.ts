import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { messageSchema } from "@/lib/shared/schemas/common";
import {
  appliedTemplateSchema,
  applyTemplateSchema,
  weekTemplateDtoSchema,
  weekTemplateFromWeekSchema,
  weekTemplateInputSchema,
} from "@/lib/shared/schemas/week-template";
import { defineOperation } from "./operation";

const tag = "Week templates";
const unknownLocation = {
  status: 400,
  description: "`validation_failed` with `fields.shifts.N.location_id`: unknown or archived location",
} as const;

export const listWeekTemplates = defineOperation({
  method: "GET",
  path: "/api/week-templates",
  id: "listWeekTemplates",
  tag,
  summary: "All week templates with their shifts",
  access: "schedule:read",
  scope: "schedule:read",
  responses: [{ status: 200, description: "The templates", schema: z.array(weekTemplateDtoSchema) }],
});

export const createWeekTemplate = defineOperation({
  method: "POST",
  path: "/api/week-templates",
  id: "createWeekTemplate",
  tag,
  summary: "Create a week template",
  access: "master-data:write",
  body: weekTemplateInputSchema,
  responses: [{ status: 201, description: "The new template", schema: weekTemplateDtoSchema }],
  errors: [unknownLocation],
});

export const createWeekTemplateFromWeek = defineOperation({
  method: "POST",
  path: "/api/week-templates/from-week",
  id: "createWeekTemplateFromWeek",
  tag,
  summary: "Create a week template from the shifts of the Monday–Sunday week of start_date",
  description:
    "Each shift at an active location becomes a row (weekday, location, times, break; a special shift's name " +
    "becomes the row's note). Employees are not part of templates.",
  access: "master-data:write",
  body: weekTemplateFromWeekSchema,
  responses: [{ status: 201, description: "The new template", schema: weekTemplateDtoSchema }],
  errors: [{ status: 400, description: "`validation_failed` with `fields.start_date`: the week has no shifts" }],
});

export const updateWeekTemplate = defineOperation({
  method: "PUT",
  path: "/api/week-templates/{id}",
  id: "updateWeekTemplate",
  tag,
  summary: "Replace a week template",
  access: "master-data:write",
  params: idParamsSchema,
  body: weekTemplateInputSchema,
  responses: [{ status: 200, description: "The changed template", schema: weekTemplateDtoSchema }],
  errors: [unknownLocation],
});

export const deleteWeekTemplate = defineOperation({
  method: "DELETE",
  path: "/api/week-templates/{id}",
  id: "deleteWeekTemplate",
  tag,
  summary: "Delete a week template",
  access: "master-data:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Deleted", schema: messageSchema }],
});

export const applyWeekTemplate = defineOperation({
  method: "POST",
  path: "/api/week-templates/{id}/apply",
  id: "applyWeekTemplate",
  tag,
  summary: "Plan a template's shifts, unassigned, in the Monday–Sunday week of start_date",
  access: "shifts:write",
  scope: "schedule:write",
  params: idParamsSchema,
  body: applyTemplateSchema,
  responses: [{ status: 201, description: "The shifts created", schema: appliedTemplateSchema }],
});
