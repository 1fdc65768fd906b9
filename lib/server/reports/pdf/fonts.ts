import { Font } from "@react-pdf/renderer";
import { PDF_FONT, pdfFontFiles } from "./theme";

let registered = false;

/** Registers the committed DejaVu font with @react-pdf/renderer (the hours report). */
export function registerPdfFonts(root = process.cwd()) {
  if (registered) return;
  const files = pdfFontFiles(root);
  Font.register({
    family: PDF_FONT,
    fonts: [
      { src: files.regular, fontWeight: "normal" },
      { src: files.bold, fontWeight: "bold" },
    ],
  });
  // German words must not be split with English hyphenation rules.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
