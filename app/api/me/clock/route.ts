// GET /api/me/clock – the caller's clock state; POST – stamp in, break, out at the server's time (linked users,
// docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { clockState, recordClock } from "@/lib/server/time/clock";
import * as api from "@/lib/shared/contract/time";

export const GET = route(api.getClockState, async ({ user }) => json(await clockState(db, linkedEmployeeId(user))));

export const POST = route(api.clock, async ({ user, body, audit }) =>
  json(
    await recordClock({
      employeeId: linkedEmployeeId(user),
      action: body.action,
      locationId: body.location_id,
      source: "app",
      actor: audit.actor,
      ip: audit.ip,
    }),
  ),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
