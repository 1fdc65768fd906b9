"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { download } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { saveFile } from "@/lib/client/save-file";

type Props = {
  label: string;
  /** API path with its query, e.g. /reports/schedule/pdf?start_date=…&end_date=… */
  path: string;
  /** Used when the answer carries no Content-Disposition filename (docs/PRODUCT-RULES.md §12.2). */
  fallbackFilename: string;
};

/** Downloads a report PDF; a month with many staff takes a moment, so the button says it is working. */
export function PdfDownloadButton({ label, path, fallbackFilename }: Props) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const { blob, filename } = await download(path);
      saveFile(blob, filename ?? fallbackFilename);
      notify.success("PDF wurde heruntergeladen!");
    } catch {
      notify.error("Fehler beim Erstellen des PDFs");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={run} disabled={busy}>
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
      </svg>
      {busy ? "PDF wird erstellt..." : label}
    </Button>
  );
}
