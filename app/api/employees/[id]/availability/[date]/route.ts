// GET /api/employees/[id]/availability/[date] – scheduled and remaining hours in the week of date (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getAvailability } from "@/lib/server/employees/find-employees";
import * as api from "@/lib/shared/contract/employees";

export const GET = route(api.employeeAvailability, async ({ params }) =>
  json(await getAvailability({ id: params.id, date: params.date })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
