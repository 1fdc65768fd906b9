/**
 * Hands a downloaded file to the browser's own download (the user gets the
 * usual "saved" prompt and the file keeps its name).
 */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns; revoking it at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
