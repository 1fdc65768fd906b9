// GET /api/health – liveness and database check for monitors and the container (public)
import { databaseUnavailable } from "@/lib/server/api/error-response";
import { jsonResponse } from "@/lib/server/api/json-response";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { isDatabaseReachable } from "@/lib/server/db/reachable";
import { isWaitingForDatabase } from "@/lib/server/db/wait-for-database";
import * as api from "@/lib/shared/contract/platform";

export const dynamic = "force-dynamic";

// Not ok until the start-up has migrated the database and created the first admin (docs/PRODUCT-RULES.md §29.3).
export const GET = route(
  api.health,
  async () => {
    if (!isWaitingForDatabase() && (await isDatabaseReachable(db))) {
      return jsonResponse({ status: "ok", db: "ok" }, { headers: { "Cache-Control": "no-store" } });
    }
    // Monitors read status/db; everything else reads the API's error body.
    const unavailable = databaseUnavailable();
    return jsonResponse(
      { status: "error", db: "unreachable", error: unavailable.message, code: unavailable.code },
      { status: unavailable.status, headers: { ...unavailable.extras.headers, "Cache-Control": "no-store" } },
    );
  },
  { whileWaitingForDatabase: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
