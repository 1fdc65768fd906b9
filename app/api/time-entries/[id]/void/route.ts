// POST /api/time-entries/[id]/void – void an entry with a reason (manager, admin; docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { voidTimeEntry } from "@/lib/server/time/write-time-entries";
import * as api from "@/lib/shared/contract/time";

export const POST = route(api.voidTimeEntry, async ({ params, body, audit }) =>
  json(await voidTimeEntry({ id: params.id, input: body, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
