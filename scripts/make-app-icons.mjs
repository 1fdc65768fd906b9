#!/usr/bin/env node
// @ts-check
// Renders the installed app's icons (public/icons/, docs/PRODUCT-RULES.md §33.8) from the app's SVG mark with the
// tests' Chromium: run once after changing the mark (`node scripts/make-app-icons.mjs`); the PNGs are committed.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BARS =
  '<rect x="8" y="10" width="24" height="4" rx="2" fill="#fff" opacity="0.6"/>' +
  '<rect x="8" y="18" width="16" height="4" rx="2" fill="#fff"/>' +
  '<rect x="8" y="26" width="20" height="4" rx="2" fill="#fff" opacity="0.6"/>';
// "any": the rounded tile of app/icon.svg. "maskable" and Apple's: the colour to the edges (the system rounds or
// crops it), the bars within the inner 80 % that every mask keeps.
const ROUNDED = `<rect x="1" y="1" width="38" height="38" rx="9" fill="#3B82F6"/>${BARS}`;
const FULL = `<rect width="40" height="40" fill="#3B82F6"/><g transform="translate(5 5) scale(0.75)">${BARS}</g>`;

const ICONS = [
  { file: "icon-192.png", size: 192, body: ROUNDED },
  { file: "icon-512.png", size: 512, body: ROUNDED },
  { file: "icon-maskable-512.png", size: 512, body: FULL },
  { file: "apple-touch-icon.png", size: 180, body: FULL },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const { file, size, body } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40">` + `${body}</svg>`;
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${svg}`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await writeFile(path.join(ROOT, "public", "icons", file), png);
    await page.close();
    console.log(`public/icons/${file} (${size} px)`);
  }
} finally {
  await browser.close();
}
