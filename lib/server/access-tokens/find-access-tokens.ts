import "server-only";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import type { AccessTokenDto } from "@/lib/shared/schemas/access-token";
import { ACCESS_TOKEN_SELECT, toAccessTokenDto } from "./access-token-dto";

/** Every token, revoked ones too (they still name past changes in the history): working ones first, newest first. */
export async function listAccessTokens(): Promise<AccessTokenDto[]> {
  const rows = await db.accessToken.findMany({ select: ACCESS_TOKEN_SELECT, orderBy: [{ createdAt: "desc" }] });
  const today = businessToday();
  const tokens = rows.map((row) => toAccessTokenDto(row, today));
  return [...tokens.filter((t) => t.status === "active"), ...tokens.filter((t) => t.status !== "active")];
}
