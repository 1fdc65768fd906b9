import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { expect, test } from "vitest";
import { BACKGROUND_NICE } from "@/lib/server/background-thread.mjs";
import { hashPassword, verifyPassword } from "./password";

/** Nice value of each thread of this process, by thread id (Linux /proc). */
function threadNiceValues(): Map<number, number> {
  const values = new Map<number, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      // Fields after "(comm) ": state is the first, nice (field 19) the 17th.
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1].split(" ");
      values.set(Number(tid), Number(fields[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return values;
}

test.runIf(process.platform === "linux")(
  "bcrypt runs in worker threads of lower priority; the thread that serves requests keeps its own",
  async () => {
    const before = threadNiceValues();
    const hash = await hashPassword("richtig-geheim", 4);
    expect(await verifyPassword("richtig-geheim", hash)).toBe(true);
    expect(await verifyPassword("falsch-geheim", hash)).toBe(false);

    const after = threadNiceValues();
    const lowered = [...after].filter(([tid, nice]) => nice === BACKGROUND_NICE && before.get(tid) !== BACKGROUND_NICE);
    expect(lowered.length).toBeGreaterThanOrEqual(1);
    const self = Number(readlinkSync("/proc/thread-self").split("/").pop());
    expect(after.get(self)).toBe(before.get(self));
    expect(after.get(self)).toBeLessThan(BACKGROUND_NICE);
  },
);
