// Worker thread that renders PDFs: drawing a schedule of hundreds of pages
// with pdfkit is synchronous work of up to seconds, which must not stall
// other requests; the hours report (@react-pdf/renderer) is rendered here too.
//
// "server-only" may be imported here and in every module the worker loads,
// although the thread runs outside React's server render: Turbopack bundles
// this entry (render-pdf.ts) in the route handlers' server context, where
// the package resolves to its empty module, and under vitest it is aliased
// (vitest.config.ts) and PDFs render in-process. Only Node loading these
// files unbundled would meet its throwing default, and Node cannot load them
// anyway (TypeScript, "@/" paths).
import "server-only";
import { answerRequests } from "@/lib/server/background-thread.mjs";
import { renderPdfDocument } from "./pdf-document";

// The PDF's bytes move to the main thread instead of being copied.
answerRequests(renderPdfDocument, { transfer: (pdf: Uint8Array) => [pdf.buffer as ArrayBuffer] });
