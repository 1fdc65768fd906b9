// The PDF worker's time limit (docs/PRODUCT-RULES.md §30.1). Under vitest renderPdf() draws in-process, so the
// queue is tested here with a small worker of plain JavaScript in its place (tests/support/test-worker.mjs): it
// renders "documents" that take as long as they say, or never end. The real worker and a real PDF:
// e2e/api/date-window.spec.ts.
import { describe, expect, test } from "vitest";
import { ApiError } from "@/lib/server/api/errors";
import { testWorkers, threadOf, type TestJob } from "@/tests/support/test-workers";
import { PdfWorker } from "./render-pdf";

function testWorker(timeLimitMs: number) {
  const { spawn, spawned, exited } = testWorkers();
  const pdfs = new PdfWorker({ spawn, timeLimitMs, idleMs: 60_000 });
  const render = async (job: TestJob) => new TextDecoder().decode(await pdfs.render(job));
  return { render, spawned, exited };
}

describe("the PDF worker's time limit", () => {
  test("a document over the limit is answered 503 pdf_timeout, its worker ends, and the next PDF works", async () => {
    const { render, spawned, exited } = testWorker(300);
    const started = Date.now();
    const error = await render({ kind: "hang" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "pdf_timeout", status: 503 });
    expect((error as ApiError).message).toMatch(/zu lange/);
    expect((error as ApiError).extras.headers).toEqual({ "Retry-After": "5" });
    expect(Date.now() - started).toBeLessThan(2_000);

    const next = await render({ name: "danach" });
    expect(next.startsWith("danach@")).toBe(true);
    expect(spawned).toHaveLength(2);
    expect(threadOf(next)).toBe(spawned[1]);
    // The hung thread was terminated, not left spinning beside the new one.
    await expect.poll(() => exited).toContain(spawned[0]);
  });

  test("documents queued behind a hung one get a fresh worker instead of failing with it", async () => {
    const { render, spawned } = testWorker(300);
    const [hung, first, second] = await Promise.allSettled([
      render({ kind: "hang" }),
      render({ name: "eins" }),
      render({ name: "zwei" }),
    ]);
    expect(hung).toMatchObject({ status: "rejected", reason: { code: "pdf_timeout" } });
    expect(first).toMatchObject({ status: "fulfilled" });
    expect(second).toMatchObject({ status: "fulfilled" });
    const threads = [first, second].map((result) => threadOf((result as PromiseFulfilledResult<string>).value));
    expect(threads).toEqual([spawned[1], spawned[1]]);
    expect(spawned).toHaveLength(2);
  });

  test("the limit is per document: queued documents that together take longer all succeed", async () => {
    const { render, spawned } = testWorker(400);
    const answers = await Promise.all([150, 150, 150, 150].map((ms, i) => render({ name: `d${i}`, ms })));
    expect(answers.map((answer) => answer.split("@")[0])).toEqual(["d0", "d1", "d2", "d3"]);
    expect(spawned).toHaveLength(1);
  });

  test("a failed or crashed document fails alone; the one after it is rendered", async () => {
    const { render } = testWorker(1_000);
    const [failed, afterFail, crashed, afterCrash] = await Promise.allSettled([
      render({ kind: "fail" }),
      render({ name: "a" }),
      render({ kind: "crash" }),
      render({ name: "b" }),
    ]);
    expect(failed).toMatchObject({ status: "rejected", reason: { message: "PDF rendering failed: kaputt" } });
    expect(afterFail).toMatchObject({ status: "fulfilled" });
    expect(crashed).toMatchObject({ status: "rejected", reason: { message: "PDF worker exited with 3" } });
    expect(afterCrash).toMatchObject({ status: "fulfilled" });
  });
});
