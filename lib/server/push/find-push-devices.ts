import "server-only";
import type { Db } from "@/lib/server/db/client";
import type { PushDeviceDto, PushStatusDto } from "@/lib/shared/schemas/push";
import { pushSettings } from "./push-settings";

type DeviceRow = { id: number; endpoint: string; createdAt: Date; lastPushedAt: Date | null; failedAt: Date | null };
export const deviceSelect = { id: true, endpoint: true, createdAt: true, lastPushedAt: true, failedAt: true } as const;

export const deviceDto = (row: DeviceRow): PushDeviceDto => ({
  id: row.id,
  endpoint: row.endpoint,
  created_at: row.createdAt.toISOString(),
  last_pushed_at: row.lastPushedAt?.toISOString() ?? null,
  failed_at: row.failedAt?.toISOString() ?? null,
});

/** GET /api/me/push-subscriptions (docs/PRODUCT-RULES.md §33.7): push on this server, the caller's devices. */
export async function findPushStatus(db: Db, userId: number): Promise<PushStatusDto> {
  const settings = pushSettings();
  const devices = await db.pushSubscription.findMany({
    where: { userId },
    select: deviceSelect,
    orderBy: { id: "asc" },
  });
  return { available: settings !== null, public_key: settings?.publicKey ?? null, devices: devices.map(deviceDto) };
}
