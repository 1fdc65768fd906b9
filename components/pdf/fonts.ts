import path from "node:path";
import { Font } from "@react-pdf/renderer";

/**
 * DejaVu Sans Condensed, committed in assets/fonts (free licence beside it):
 * Helvetica, react-pdf's built-in font, cannot print Ş, Ł or ğ. Registered
 * from the file system, never by URL.
 */
export const PDF_FONT = "DejaVu Sans Condensed";

let registered = false;

export function registerPdfFonts(root = process.cwd()) {
  if (registered) return;
  const dir = path.join(root, "assets", "fonts");
  Font.register({
    family: PDF_FONT,
    fonts: [
      { src: path.join(dir, "DejaVuSansCondensed.ttf"), fontWeight: "normal" },
      { src: path.join(dir, "DejaVuSansCondensed-Bold.ttf"), fontWeight: "bold" },
    ],
  });
  // German words must not be split with English hyphenation rules.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
