// subset-font ships no types; these are the calls scripts/subset-arabic-font.ts and scripts/subset-invoice-fonts.ts make.
declare module "subset-font" {
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: "woff2" | "woff" | "sfnt" | "truetype" }): Promise<Buffer>;
}
