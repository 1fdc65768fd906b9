// GET /api/settings – the company's settings (everyone); PUT – change them (admin)
import { db } from "@/lib/server/db/client";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getSettings } from "@/lib/server/settings/find-settings";
import { updateSettings } from "@/lib/server/settings/write-settings";
import * as api from "@/lib/shared/contract/settings";

export const GET = route(api.getSettings, async () => json(await getSettings(db)));

export const PUT = route(api.updateSettings, async ({ body, audit }) =>
  json(await updateSettings({ input: body, audit })),
);

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
