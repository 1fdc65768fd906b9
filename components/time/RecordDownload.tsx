"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { download, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { saveFile } from "@/lib/client/save-file";

type Props = { label: string; path: string; fallbackFilename: string };

/**
 * A file of the time recording as a download: the Arbeitszeitnachweis (docs/PRODUCT-RULES.md §32.7), the
 * Monatsabrechnung and the payroll export (§34.4, §34.5). A refusal (a month not approved) is the server's toast.
 */
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
