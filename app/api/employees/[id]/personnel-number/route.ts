// PUT /api/employees/[id]/personnel-number – the personnel number alone, archived employees too (admin,
// docs/PRODUCT-RULES.md §34.2)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { setPersonnelNumber } from "@/lib/server/employees/write-employees";
import * as api from "@/lib/shared/contract/employees";

export const PUT = route(api.setPersonnelNumber, async ({ params, body, audit }) =>
  json(await setPersonnelNumber({ id: params.id, input: body, audit })),
);

export const { GET, POST, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("PUT");
