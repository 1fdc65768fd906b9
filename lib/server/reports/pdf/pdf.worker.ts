// Worker thread that renders PDFs: @react-pdf/renderer is synchronous work
// of up to seconds for big schedules, which must not stall other requests.
import { parentPort } from "node:worker_threads";
import { renderPdfDocument, type PdfJob } from "./pdf-document";

parentPort!.on("message", async ({ id, job }: { id: number; job: PdfJob }) => {
  try {
    const pdf = await renderPdfDocument(job);
    parentPort!.postMessage({ id, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
