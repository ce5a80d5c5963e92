// Makes the Arabic pages' font files (docs/decisions/0016): Noto Sans Arabic from the pinned @fontsource package,
// cut down with HarfBuzz's subsetter to the Arabic block (U+0600–06FF: the letters, marks, digits and punctuation
// of Arabic, Persian and Urdu) and the direction and joining controls. The shaping tables stay, so letters still
// join. About 21 KB a weight, against 49 KB for the package's "arabic" subset, which also carries the presentation
// forms and the extended blocks that Arabic text does not use.
//
//   npx tsx scripts/subset-arabic-font.ts           writes app/fonts/push-arabic-{400,700}.woff2
//   npx tsx scripts/subset-arabic-font.ts --check   (in `npm test`) fails when a committed file is not exactly what
//                                                   this makes, or an Arabic letter the site's texts use is not kept
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";

export const ARABIC_FONT_WEIGHTS = [400, 700] as const;
/** Code points kept (also the @font-face unicode-range in app/styles/app.css). */
export const ARABIC_FONT_RANGES: [number, number][] = [
  [0x0600, 0x06ff],
  [0x200c, 0x200f],
];

export const committedArabicFont = (weight: number) => `app/fonts/push-arabic-${weight}.woff2`;

export async function subsetArabicFont(weight: number): Promise<Buffer> {
  const source = readFileSync(`node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff2`);
  const text = ARABIC_FONT_RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index))).join(
    "",
  );
  return subsetFont(source, text, { targetFormat: "woff2" });
}

/** Texts the site shows in Arabic: the catalogue, the legal texts and the sample content. */
const ARABIC_TEXT_SOURCES = [
  ...readdirSync("app/i18n/ar", { recursive: true, encoding: "utf8" }).map((file) => join("app/i18n/ar", file)),
  "app/i18n/spec-arabic.ts",
  "seed/content-ar.ts",
].filter((file) => file.endsWith(".ts"));

function arabicLettersNotKept(): string[] {
  const kept = (codePoint: number) => ARABIC_FONT_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
  const missing = new Set<string>();
  for (const file of ARABIC_TEXT_SOURCES) {
    for (const [letter] of readFileSync(file, "utf8").matchAll(/\p{Script=Arabic}/gu)) {
      if (!kept(letter.codePointAt(0)!)) missing.add(`${file}: U+${letter.codePointAt(0)!.toString(16).toUpperCase()} ${letter}`);
    }
  }
  return [...missing];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes("--check");
  const problems = check ? arabicLettersNotKept() : [];
  for (const weight of ARABIC_FONT_WEIGHTS) {
    const file = await subsetArabicFont(weight);
    if (!check) writeFileSync(committedArabicFont(weight), file);
    else if (!file.equals(readFileSync(committedArabicFont(weight)))) problems.push(`${committedArabicFont(weight)} is not what this script makes: run it`);
    console.log(`${committedArabicFont(weight)}: ${file.length} bytes`);
  }
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
}
