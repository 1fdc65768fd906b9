// fontkit 2 ships no types; we use only openSync (lib/server/reports/pdf/fonts.ts).
declare module "fontkit" {
  export function openSync(path: string): unknown;
}
