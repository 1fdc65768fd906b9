import { settingsDtoSchema, settingsUpdateSchema } from "@/lib/shared/schemas/settings";
import { defineOperation } from "./operation";

const tag = "Settings";

export const getSettings = defineOperation({
  method: "GET",
  path: "/api/settings",
  id: "getSettings",
  tag,
  summary: "The company's settings",
  description: "Company name, holiday region, labour rules and their limits; every signed-in role may read them.",
  access: "schedule:read",
  responses: [{ status: 200, description: "The settings", schema: settingsDtoSchema }],
});

export const updateSettings = defineOperation({
  method: "PUT",
  path: "/api/settings",
  id: "updateSettings",
  tag,
  summary: "Change the company's settings",
  description:
    "Changes the keys sent; the rest stays. A new labour_rules keeps weekly_max_hours as it is. " +
    "Vacations keep the days they were charged: a new holiday_region counts for vacations written afterwards.",
  access: "master-data:write",
  body: settingsUpdateSchema,
  responses: [{ status: 200, description: "The changed settings", schema: settingsDtoSchema }],
});
