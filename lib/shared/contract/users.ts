import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { messageSchema } from "@/lib/shared/schemas/common";
import { createUserSchema, updateUserSchema, userDtoSchema } from "@/lib/shared/schemas/user";
import { z } from "zod";
import { defineOperation } from "./operation";

const tag = "Users";

export const listUsers = defineOperation({
  method: "GET",
  path: "/api/users",
  id: "listUsers",
  tag,
  summary: "All user accounts",
  access: "users:manage",
  responses: [{ status: 200, description: "The users", schema: z.array(userDtoSchema) }],
});

export const createUser = defineOperation({
  method: "POST",
  path: "/api/users",
  id: "createUser",
  tag,
  summary: "Create a user account",
  access: "users:manage",
  body: createUserSchema,
  responses: [{ status: 201, description: "The new user", schema: userDtoSchema }],
  errors: [
    { status: 400, description: "`validation_failed` with `fields.employee_id`: the employee is unknown or archived" },
    {
      status: 409,
      description:
        "`conflict` with `fields.username`: the username is taken; `conflict` without fields: the employee is " +
        "linked to another user",
    },
  ],
});

export const updateUser = defineOperation({
  method: "PUT",
  path: "/api/users/{id}",
  id: "updateUser",
  tag,
  summary: "Change e-mail, role or linked employee, reset the password or the user's 2FA",
  description:
    "Absent keys stay as they are; `employee_id: null` unlinks the employee. A password reset ends the user's " +
    "sessions. `reset_two_factor: true` turns the user's 2FA off (secret and recovery codes deleted; sessions stay, " +
    "as when the user disables 2FA); not for the own account.",
  access: "users:manage",
  params: idParamsSchema,
  body: updateUserSchema,
  responses: [{ status: 200, description: "The changed user", schema: userDtoSchema }],
  errors: [
    {
      status: 400,
      description: "`self_action`: an administrator cannot change their own role or reset their own 2FA here",
    },
    { status: 400, description: "`validation_failed` with `fields.employee_id`: the employee is unknown or archived" },
    { status: 409, description: "`conflict`: the employee is linked to another user" },
  ],
});

export const deleteUser = defineOperation({
  method: "DELETE",
  path: "/api/users/{id}",
  id: "deleteUser",
  tag,
  summary: "Delete a user account",
  access: "users:manage",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Deleted", schema: messageSchema }],
  errors: [{ status: 400, description: "`self_action`: an administrator cannot delete themselves" }],
});
