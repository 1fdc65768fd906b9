// POST /api/vacations/[id]/approve – approve a request; its range's shifts become open (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { approveVacation } from "@/lib/server/vacations/write-vacations";
import * as api from "@/lib/shared/contract/vacations";

export const POST = route(api.approveVacation, async ({ params, audit }) =>
  json(await approveVacation({ id: params.id, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
