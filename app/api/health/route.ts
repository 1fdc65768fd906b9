// GET /api/health – liveness and database check for monitors and the container (public)
import { route } from "@/lib/server/api/route";
import { isDatabaseReachable } from "@/lib/server/health/check-database";
import * as api from "@/lib/shared/contract/platform";

export const dynamic = "force-dynamic";

export const GET = route(api.health, async () => {
  const dbOk = await isDatabaseReachable();
  return Response.json(
    dbOk ? { status: "ok", db: "ok" } : { status: "error", db: "unreachable" },
    { status: dbOk ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
});
