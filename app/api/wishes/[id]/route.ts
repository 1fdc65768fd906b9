// DELETE /api/wishes/[id] – remove a wish (planners: anyone's; everyone else: their own, docs/PRODUCT-RULES.md §35.8)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { deleteWish } from "@/lib/server/wishes/write-wishes";
import * as api from "@/lib/shared/contract/wishes";

export const DELETE = route(api.deleteWish, async ({ params, audit }) => {
  await deleteWish({ id: params.id, audit });
  return json({ message: "Wunsch gelöscht" });
});

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods("DELETE");
