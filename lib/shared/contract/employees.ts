import { z } from "zod";
import { messageSchema } from "@/lib/shared/schemas/common";
import {
  availabilityParamsSchema,
  availabilitySchema,
  employeeDeletionImpactSchema,
  employeeDtoSchema,
  employeeInputSchema,
  employeeUpdateSchema,
  personnelNumberDtoSchema,
  personnelNumberInputSchema,
  visibleEmployeeSchema,
} from "@/lib/shared/schemas/employee";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { defineOperation } from "./operation";

const tag = "Employees";

export const listEmployees = defineOperation({
  method: "GET",
  path: "/api/employees",
  id: "listEmployees",
  tag,
  summary: "Active employees, sorted by last name",
  description: "Any query parameter is ignored.",
  access: "schedule:read",
  scope: "employees:read",
  responses: [
    {
      status: 200,
      description:
        "The employees; a linked user (role user) sees colleagues by name only (docs/PRODUCT-RULES.md §31.2)",
      schema: z.array(visibleEmployeeSchema),
    },
  ],
});

export const createEmployee = defineOperation({
  method: "POST",
  path: "/api/employees",
  id: "createEmployee",
  tag,
  summary: "Create an employee",
  access: "master-data:write",
  body: employeeInputSchema,
  responses: [{ status: 201, description: "The new employee", schema: employeeDtoSchema }],
});

export const getEmployee = defineOperation({
  method: "GET",
  path: "/api/employees/{id}",
  id: "getEmployee",
  tag,
  summary: "One active employee",
  access: "schedule:read",
  scope: "employees:read",
  params: idParamsSchema,
  responses: [
    {
      status: 200,
      description: "The employee; a linked user (role user) sees a colleague by name only",
      schema: visibleEmployeeSchema,
    },
  ],
});

export const updateEmployee = defineOperation({
  method: "PUT",
  path: "/api/employees/{id}",
  id: "updateEmployee",
  tag,
  summary: "Change an employee",
  description: "Changes the fields sent; the rest stays.",
  access: "master-data:write",
  params: idParamsSchema,
  body: employeeUpdateSchema,
  responses: [{ status: 200, description: "The changed employee", schema: employeeDtoSchema }],
});

export const setPersonnelNumber = defineOperation({
  method: "PUT",
  path: "/api/employees/{id}/personnel-number",
  id: "setPersonnelNumber",
  tag,
  summary: "Set an employee's personnel number, archived employees too (admins)",
  description:
    "The personnel number alone, for the payroll export: unlike PUT /api/employees/{id} also for someone archived, " +
    "whose last months are still paid. Unique among all employees; numbers of digits only are compared as " +
    'numbers ("007" is 7 to DATEV). An empty string or null removes it.',
  access: "master-data:write",
  params: idParamsSchema,
  body: personnelNumberInputSchema,
  responses: [{ status: 200, description: "The personnel number", schema: personnelNumberDtoSchema }],
  errors: [
    { status: 404, description: "`not_found`: unknown employee" },
    { status: 409, description: "`conflict`: another employee has the number; the answer names them" },
  ],
});

export const archiveEmployee = defineOperation({
  method: "DELETE",
  path: "/api/employees/{id}",
  id: "archiveEmployee",
  tag,
  summary: "Archive an employee",
  description:
    "Keeps the past for reports: the employee's shifts from today on become unassigned, " +
    "their vacations from today on are removed.",
  access: "master-data:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Archived", schema: messageSchema }],
});

export const employeeDeletionImpact = defineOperation({
  method: "GET",
  path: "/api/employees/{id}/deletion-impact",
  id: "getEmployeeDeletionImpact",
  tag,
  summary: "What archiving an employee would do now",
  description:
    "Counts what DELETE /api/employees/{id} would change if it ran now: the shifts from today on that become " +
    "open and the vacations from today on that are removed. Changes nothing.",
  access: "master-data:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The counts", schema: employeeDeletionImpactSchema }],
});

export const employeeAvailability = defineOperation({
  method: "GET",
  path: "/api/employees/{id}/availability/{date}",
  id: "getEmployeeAvailability",
  tag,
  summary: "Scheduled and remaining hours of one employee in the Monday–Sunday week of a date",
  access: "schedule:read",
  scope: "employees:read",
  params: availabilityParamsSchema,
  responses: [{ status: 200, description: "The employee's week", schema: availabilitySchema }],
});
