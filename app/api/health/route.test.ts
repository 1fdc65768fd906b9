import { PrismaPg } from "@prisma/adapter-pg";
import { expect, test } from "vitest";
import { PrismaClient } from "@/generated/prisma/client";
import { isDatabaseReachable } from "@/lib/server/db/reachable";
import { call } from "@/tests/support/api";
import { GET } from "./route";

test("GET /api/health answers ok with a reachable database, without a token", async () => {
  const res = await call(GET, { path: "/api/health" });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ status: "ok", db: "ok" });
  expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
});

test("the database check fails (instead of hanging) when PostgreSQL is not there", async () => {
  // Port 9 (discard) has no PostgreSQL on it.
  const unreachable = new PrismaClient({
    adapter: new PrismaPg({ connectionString: "postgresql://x:y@127.0.0.1:9/none" }),
  });
  const started = Date.now();
  expect(await isDatabaseReachable(unreachable, 1_000)).toBe(false);
  expect(Date.now() - started).toBeLessThan(5_000);
  await unreachable.$disconnect();
});
