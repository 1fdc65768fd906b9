// GET /api/mail-status – whether this server sends e-mail, mails waiting and mails not delivered (admins,
// docs/PRODUCT-RULES.md §33.5)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { findMailStatus } from "@/lib/server/mail/find-mail-status";
import * as api from "@/lib/shared/contract/settings";

export const GET = route(api.getMailStatus, async () => json(await findMailStatus(db)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
