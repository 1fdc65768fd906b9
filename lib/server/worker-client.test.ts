// The worker helper's life cycle (docs/ARCHITECTURE.md §11.1), with the plain-JavaScript worker of
// tests/support/test-worker.mjs, which answers through the real `answerRequests`. The time limit and the queue are
// tested with the PDF worker (lib/server/reports/pdf/render-pdf.test.ts).
import { describe, expect, test } from "vitest";
import { testWorkers, threadOf, type TestJob } from "@/tests/support/test-workers";
import { WorkerClient } from "./worker-client";

function testClient(idleMs?: number) {
  const { spawn, spawned, exited } = testWorkers();
  const client = new WorkerClient<TestJob, Uint8Array>({
    spawn,
    name: "Test",
    failed: (text) => new Error(`Test failed: ${text}`),
    idleMs,
  });
  const run = async (job: TestJob) => new TextDecoder().decode(await client.run(job));
  return { client, run, spawned, exited };
}

describe("WorkerClient", () => {
  test("answers each request with its own answer, in one worker started lazily", async () => {
    const { client, run, spawned } = testClient();
    expect(client.running).toBe(false);
    expect(spawned).toHaveLength(0);
    const answers = await Promise.all(["a", "b", "c"].map((name) => run({ name, ms: 20 })));
    expect(answers.map((answer) => answer.split("@")[0])).toEqual(["a", "b", "c"]);
    expect(spawned).toHaveLength(1);
    expect(client.waiting).toBe(0);
  });

  test("an idle worker ends after idleMs and the next request starts a fresh one", async () => {
    const { client, run, spawned, exited } = testClient(200);
    const first = await run({ name: "eins" });
    expect(client.running).toBe(true);
    await expect.poll(() => exited, { timeout: 3_000 }).toContain(spawned[0]);
    expect(client.running).toBe(false);

    const second = await run({ name: "zwei" });
    expect(spawned).toHaveLength(2);
    expect(threadOf(second)).toBe(spawned[1]);
    expect(threadOf(first)).toBe(spawned[0]);
  });

  test("requests keep the worker: the idle time counts from the last answer", async () => {
    const { run, spawned } = testClient(300);
    for (let i = 0; i < 4; i++) {
      await run({ name: `n${i}` });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(spawned).toHaveLength(1);
  });

  test("without idleMs the worker stays", async () => {
    const { client, run } = testClient();
    await run({ name: "bleibt" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.running).toBe(true);
  });

  test("an error fails its request alone; a crash fails the one in the worker; the next gets a new one", async () => {
    const { run, spawned } = testClient();
    const [failed, crashed, after] = await Promise.allSettled([
      run({ kind: "fail" }),
      run({ kind: "crash" }),
      run({ name: "danach" }),
    ]);
    expect(failed).toMatchObject({ status: "rejected", reason: { message: "Test failed: kaputt" } });
    expect(crashed).toMatchObject({ status: "rejected", reason: { message: "Test worker exited with 3" } });
    expect(after).toMatchObject({ status: "fulfilled" });
    expect(spawned).toHaveLength(2);
    expect(threadOf((after as PromiseFulfilledResult<string>).value)).toBe(spawned[1]);
  });
});
