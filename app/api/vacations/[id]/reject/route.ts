// POST /api/vacations/[id]/reject { reason } – reject a request; the requester sees the reason (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { rejectVacation } from "@/lib/server/vacations/write-vacations";
import * as api from "@/lib/shared/contract/vacations";

export const POST = route(api.rejectVacation, async ({ params, body, audit }) =>
  json(await rejectVacation({ id: params.id, input: body, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
