// GET /api/me – "Meine Schichten": the caller's own shifts, findings, vacations and calendar link (linked users)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { findMySchedule } from "@/lib/server/self-service/find-my-schedule";
import * as api from "@/lib/shared/contract/me";

export const GET = route(api.getMySchedule, async ({ user }) =>
  json(await findMySchedule({ employeeId: linkedEmployeeId(user) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
