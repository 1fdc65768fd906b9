// GET /api/employees/[id]/availability/[date] – scheduled and remaining hours in the week of date (everyone)
import { z } from "zod";
import { json, route } from "@/lib/server/api/route";
import { employeeAvailability } from "@/lib/server/employees/employee-availability";
import { dateSchema, idSchema } from "@/lib/shared/schemas/fragments";

const params = z.object({ id: idSchema, date: dateSchema() });

export const GET = route({ access: "schedule:read", params }, async ({ params }) => json(await employeeAvailability(params.id, params.date)));
