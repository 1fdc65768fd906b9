// PUT /api/users/[id] – change e-mail or role, reset the password; DELETE – delete the account (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { deleteUser, updateUser } from "@/lib/server/users/write-users";
import * as api from "@/lib/shared/contract/users";

export const PUT = route(api.updateUser, async ({ params, body, audit }) =>
  json(await updateUser({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.deleteUser, async ({ params, audit }) => {
  await deleteUser({ id: params.id, audit });
  return json({ message: "Benutzer gelöscht" });
});

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
