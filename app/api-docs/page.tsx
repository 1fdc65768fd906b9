import type { Metadata } from "next";
import { ApiReference } from "@/components/api-docs/ApiReference";
import { openApiDocument } from "@/lib/server/openapi/openapi-document";

export const metadata: Metadata = { title: "API reference · Schichtwerk" };

// Rendered once at build time from the same document as GET /api/openapi.json; public, no script of its own.
export const dynamic = "force-static";

export default function ApiDocsPage() {
  return <ApiReference document={openApiDocument()} />;
}
