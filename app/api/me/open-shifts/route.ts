// GET /api/me/open-shifts – the open shifts of the next four weeks for the caller's linked employee (self-service)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { findOpenShifts } from "@/lib/server/applications/find-applications";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import * as api from "@/lib/shared/contract/me";

export const GET = route(api.listMyOpenShifts, async ({ user }) =>
  json(await findOpenShifts({ employeeId: linkedEmployeeId(user) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
