import { execFileSync } from "node:child_process";
import { inflateSync } from "node:zlib";

/** The text of a PDF, as poppler's pdftotext reads it (layout kept). */
export function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8");
}

export function pdfPageCount(pdf: Buffer): number {
  const info = execFileSync("pdfinfo", ["-"], { input: pdf }).toString("utf8");
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

/** The text of a PDF in the order it was drawn (pdftotext -raw): each drawn line on a line, wrapping aside. */
export function pdfRawText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-raw", "-", "-"], { input: pdf }).toString("utf8");
}

/**
 * The fill colours a PDF paints with ("#b91c1c"), read from its content streams' RGB fill operators (`rg`, `sc`,
 * `scn`; inflated where compressed): what a test checks when colour carries a meaning.
 */
export function pdfFillColors(pdf: Buffer): Set<string> {
  const colors = new Set<string>();
  const binary = pdf.toString("latin1");
  for (const match of binary.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = binary.indexOf("endstream", start);
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const [, r, g, b] of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:rg|scn?)\b/g)) {
      const hex = [r, g, b].map((part) =>
        Math.round(Number(part) * 255)
          .toString(16)
          .padStart(2, "0"),
      );
      colors.add(`#${hex.join("")}`);
    }
  }
  return colors;
}

/** One drawn text (a BT…ET of the content stream): its text, font size in pt, weight and page (from 1). */
export type PdfTextRun = { text: string; size: number; bold: boolean; page: number };

/**
 * Every text a PDF draws with its font size and weight, read from the content streams and decoded through each
 * font's ToUnicode map: what a test checks when the size of type or bold names carry a meaning. Made for the
 * PDFs pdfkit writes (one Type0 font per weight, `/Fn size Tf`, `[<hex>] TJ`).
 */
export function pdfTextRuns(pdf: Buffer): PdfTextRun[] {
  const binary = pdf.toString("latin1");
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const match of binary.matchAll(/(\d+) 0 obj\s*<<([\s\S]*?)>>\s*(stream\r?\n)?/g)) {
    let stream: string | null = null;
    if (match[3]) {
      const start = match.index + match[0].length;
      const raw = pdf.subarray(start, binary.indexOf("endstream", start));
      try {
        stream = inflateSync(raw).toString("latin1");
      } catch {
        stream = raw.toString("latin1");
      }
    }
    objects.set(Number(match[1]), { dict: match[2], stream });
  }
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

  /** Glyph code (4 hex digits) → text, from a ToUnicode CMap's bfchar and bfrange entries. */
  const cmapOf = (cmap: string) => {
    const map = new Map<number, string>();
    const hexText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
    for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const [, code, text] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
        map.set(parseInt(code, 16), hexText(text));
    for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const [, from, to, rest] of block.matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
      )) {
        const first = parseInt(from, 16);
        const targets = rest.startsWith("[")
          ? [...rest.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((m) => m[1].replace(/\s/g, ""))
          : null;
        for (let code = first; code <= parseInt(to, 16); code++) {
          if (targets) map.set(code, hexText(targets[code - first]));
          else map.set(code, String.fromCodePoint(parseInt(rest.slice(1, -1), 16) + code - first));
        }
      }
    return map;
  };

  const pagesDict = [...objects.values()].find(({ dict }) => /\/Type \/Pages\b/.test(dict))!.dict;
  const pageIds = [.../\/Kids \[([^\]]*)\]/.exec(pagesDict)![1].matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  const runs: PdfTextRun[] = [];
  pageIds.forEach((pageId, index) => {
    const page = objects.get(pageId)!.dict;
    const resources = objects.get(ref(page, "Resources"))?.dict ?? page;
    const fonts = new Map<string, { bold: boolean; cmap: Map<number, string> }>();
    for (const [, name, id] of /\/Font <<([^>]*)/.exec(resources)![1].matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(id))!.dict;
      fonts.set(name, {
        bold: /\/BaseFont \/[^\s/]*Bold/.test(font),
        cmap: cmapOf(objects.get(ref(font, "ToUnicode"))!.stream!),
      });
    }
    const content = objects.get(ref(page, "Contents"))!.stream!;
    for (const [, body] of content.matchAll(/BT\b([\s\S]*?)\bET/g)) {
      const tf = /\/(\w+) ([\d.]+) Tf/.exec(body)!;
      const font = fonts.get(tf[1])!;
      const codes = [...body.matchAll(/<([0-9a-fA-F]+)>/g)].flatMap((m) => m[1].match(/.{4}/g) ?? []);
      const text = codes.map((code) => font.cmap.get(parseInt(code, 16)) ?? "\uFFFD").join("");
      runs.push({ text, size: Number(tf[2]), bold: font.bold, page: index + 1 });
    }
  });
  return runs;
}
