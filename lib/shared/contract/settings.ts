import { mailStatusSchema } from "@/lib/shared/schemas/notification";
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
  scope: "schedule:read",
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

export const getMailStatus = defineOperation({
  method: "GET",
  path: "/api/mail-status",
  id: "getMailStatus",
  tag,
  summary: "Whether this server sends e-mail, how many mails wait, and the ones that could not be delivered",
  description:
    "E-mail is on when SMTP_URL and MAIL_FROM are set (docs §33.5). A mail that fails is tried again with growing " +
    "pauses, about three and a half hours in all; after the last try it is listed here with the server's answer.",
  access: "master-data:write",
  responses: [{ status: 200, description: "The mail status", schema: mailStatusSchema }],
});
