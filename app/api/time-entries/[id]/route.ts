// PUT /api/time-entries/[id] – correct an entry with a reason (manager, admin; docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { updateTimeEntry } from "@/lib/server/time/write-time-entries";
import * as api from "@/lib/shared/contract/time";

export const PUT = route(api.updateTimeEntry, async ({ params, body, audit }) =>
  json(await updateTimeEntry({ id: params.id, input: body, audit })),
);

export const { GET, POST, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("PUT");
