import { z } from "zod";
import { dateSchema } from "@/lib/shared/schemas/fragments";
import { dashboardDtoSchema } from "@/lib/shared/schemas/responses";
import { defineOperation } from "./operation";

/** ?date of GET /api/dashboard: any day of the week to show (default: today). */
export const dashboardQuerySchema = z.object({ date: dateSchema("Bitte gib date als JJJJ-MM-TT an").optional() });

export const dashboard = defineOperation({
  method: "GET",
  path: "/api/dashboard",
  id: "getDashboard",
  tag: "Dashboard",
  summary: "The dashboard's figures for the week containing date (default: this week)",
  description:
    "Counts of the week, each employee's scheduled and remaining hours and status, and vacations running or starting from today to one month ahead.",
  access: "schedule:read",
  query: dashboardQuerySchema,
  responses: [{ status: 200, description: "The dashboard", schema: dashboardDtoSchema }],
});
