import { z } from "zod";
import { auditPageSchema, auditPersonSchema, auditQuerySchema } from "@/lib/shared/schemas/audit";
import { defineOperation } from "./operation";

const tag = "History";

export const listAudit = defineOperation({
  method: "GET",
  path: "/api/audit",
  id: "listAudit",
  tag,
  summary: "The audit log as German sentences, newest first, paged by cursor",
  description:
    "Managers see plan, vacation and unavailability changes; admins (`history:all`) every entry, also sign-ins, " +
    "user and master data changes. Sorted by time and id, newest first; `next_cursor` fetches the next page.",
  access: "history:read",
  query: auditQuerySchema,
  responses: [{ status: 200, description: "One page of entries", schema: auditPageSchema }],
  errors: [{ status: 400, description: "`validation_failed`: a kind the caller may not see (`fields.kind`)" }],
});

export const listAuditPeople = defineOperation({
  method: "GET",
  path: "/api/audit/people",
  id: "listAuditPeople",
  tag,
  summary: "The users who appear in the caller's history, for its person filter",
  access: "history:read",
  responses: [{ status: 200, description: "The users, by name", schema: z.array(auditPersonSchema) }],
});
