// PUT /api/users/[id] – change e-mail or role, reset the password; DELETE – delete the account (admin)
import { json, route } from "@/lib/server/api/route";
import { deleteUser, updateUser } from "@/lib/server/users/manage-users";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { updateUserSchema } from "@/lib/shared/schemas/user";

export const PUT = route({ access: "users:manage", params: idParamsSchema, body: updateUserSchema }, async ({ params, body, user, ip }) =>
  json(await updateUser({ id: params.id, input: body, actor: user, ip })),
);

export const DELETE = route({ access: "users:manage", params: idParamsSchema }, async ({ params, user, ip }) => {
  await deleteUser({ id: params.id, actor: user, ip });
  return json({ message: "Benutzer gelöscht" });
});
