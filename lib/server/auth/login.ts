import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";
import { linkedEmployeeSelect } from "@/lib/server/users/user-dto";
import type { LoginResult } from "@/lib/shared/api-types";
import { beginLoginAttempt, discardAttempt, markSucceeded, pruneLoginAttempts } from "./login-throttle";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./password";
import { signIn } from "./sessions";
import { createTwoFactorChallenge } from "./two-factor-challenge";

export type { LoginResult };

export type LoginOptions = { username: string; password: string; ip: string };

/**
 * Step one of the login. Unknown user and wrong password answer the same and
 * take the same time (a bcrypt comparison against a dummy hash).
 */
export async function login({ username, password, ip }: LoginOptions): Promise<LoginResult> {
  const attempt = await beginLoginAttempt(username, ip);
  const user = await db.user.findFirst({
    where: { username: { equals: username.trim(), mode: "insensitive" } },
    include: { employee: linkedEmployeeSelect },
  });
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);

  if (!user || !passwordOk) {
    await recordAudit(db, {
      actor: user ? { id: user.id, username: user.username } : null,
      action: "auth.login_failed",
      entityType: "user",
      ...(user && { entityId: user.id }),
      details: { username: username.slice(0, 100), reason: user ? "wrong_password" : "unknown_user" },
      ip,
    });
    throw new ApiError("invalid_credentials");
  }

  if (Math.random() < 0.01) await pruneLoginAttempts();
  if (user.twoFactorEnabled) {
    await discardAttempt(attempt);
    return { requires2FA: true, tempToken: await createTwoFactorChallenge({ userId: user.id }) };
  }
  await markSucceeded(attempt);
  return signIn({ user, passwordHash: user.passwordHash, twoFactor: false, ip });
}
