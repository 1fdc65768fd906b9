import bcrypt from "bcryptjs";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/server/auth/opaque-token";
import { db } from "@/lib/server/db/client";
import { uniqueName } from "./api";
import { location } from "./fixtures";

/**
 * A terminal paired as POST /api/terminal/pair pairs it (docs/PRODUCT-RULES.md §32.4), at a new location unless one
 * is given; `headers` carry its credential as the screen sends it.
 */
export async function pairedTerminal(locationId?: number) {
  const credential = newOpaqueToken();
  const at = locationId ?? (await location()).id;
  const terminal = await db.terminal.create({
    data: {
      locationId: at,
      name: uniqueName("Tür"),
      credentialHash: hashOpaqueToken(credential),
      pairedAt: new Date(),
    },
  });
  return { terminal, credential, locationId: at, headers: { authorization: `Terminal ${credential}` } };
}

/** An employee's PIN as PUT /api/me/pin stores it, but at bcrypt cost 4: tests need a hash, not a slow one. */
export async function setTestPin(employeeId: number, pin: string) {
  const pinHash = bcrypt.hashSync(pin, 4);
  await db.employeePin.upsert({ where: { employeeId }, create: { employeeId, pinHash }, update: { pinHash } });
}
