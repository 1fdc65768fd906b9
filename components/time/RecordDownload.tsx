"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { download, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { saveFile } from "@/lib/client/save-file";

type Props = { label: string; path: `/timesheets/record/${"pdf" | "csv"}?${string}`; fallbackFilename: string };

/** One of the Arbeitszeitnachweis downloads (docs/PRODUCT-RULES.md §32.7) of an employee's month. */
export function RecordDownload({ label, path, fallbackFilename }: Props) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const { blob, filename } = await download(path);
      saveFile(blob, filename ?? fallbackFilename);
      notify.success(`${label} wurde heruntergeladen!`);
    } catch (error) {
      notify.error(errorMessage(error, `Fehler beim Herunterladen (${label})`));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="sm" variant="secondary" onClick={run} disabled={busy}>
      {busy ? "Wird erstellt..." : label}
    </Button>
  );
}
