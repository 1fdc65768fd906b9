// PUT /api/users/[id] – change e-mail or role, reset the password; DELETE – delete the account (admin)
import { z } from "zod";
import { json, route } from "@/lib/server/api/route";
import { deleteUser, updateUser } from "@/lib/server/users/manage-users";
import { idSchema } from "@/lib/shared/schemas/fragments";
import { updateUserSchema } from "@/lib/shared/schemas/user";

const params = z.object({ id: idSchema });

export const PUT = route({ access: "users:manage", params, body: updateUserSchema }, async ({ params, body, user, ip }) =>
  json(await updateUser({ id: params.id, input: body, actor: user, ip })),
);

export const DELETE = route({ access: "users:manage", params }, async ({ params, user, ip }) => {
  await deleteUser({ id: params.id, actor: user, ip });
  return json({ message: "Benutzer gelöscht" });
});
