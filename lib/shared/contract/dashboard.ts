import { dashboardDtoSchema, dashboardQuerySchema } from "@/lib/shared/schemas/dashboard";
import { defineOperation } from "./operation";

export const dashboard = defineOperation({
  method: "GET",
  path: "/api/dashboard",
  id: "getDashboard",
  tag: "Dashboard",
  summary: "The dashboard's figures for the week containing date (default: this week)",
  description:
    "Counts of the week, each employee's scheduled and remaining hours and status, " +
    "vacations running or starting from today to one month ahead, the week's findings of the planning rules " +
    "by severity, the company's holiday region and the public holidays of the next four weeks.",
  access: "schedule:read",
  query: dashboardQuerySchema,
  responses: [{ status: 200, description: "The dashboard", schema: dashboardDtoSchema }],
});
