// The two catalogues say the same things: every key in both, the same {placeholders} in each pair, every plural
// form the language needs, and no English left in the Arabic one. Runs in workerd, whose ICU decides the plural
// categories the pages use.
import { describe, expect, it } from "vitest";
import { ar, en, LOCALES, pluralCategories, plural, formatDate, formatNumber, type Locale } from "~/i18n";
import * as arabicLegal from "~/i18n/ar/legal";
import * as englishLegal from "~/i18n/en/legal";

type Leaf = { path: string; value: unknown };

const PLURAL_KEYS = new Set<string>(["zero", "one", "two", "few", "many", "other"]);
const isPlural = (value: unknown): value is Record<string, string> =>
  typeof value === "object" && value !== null && "other" in value && Object.keys(value).every((key) => PLURAL_KEYS.has(key));

/** Every string (or plural) of a catalogue, by its dotted path. */
function leaves(node: unknown, path = ""): Leaf[] {
  if (typeof node === "string" || isPlural(node)) return [{ path, value: node }];
  if (typeof node !== "object" || node === null) return [{ path, value: node }];
  return Object.entries(node).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
}

const placeholders = (value: unknown): string[] => {
  const texts = typeof value === "string" ? [value] : isPlural(value) ? Object.values(value) : [];
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)))].sort();
};

const catalogues: Record<Locale, object> = { en, ar };

describe("the English and Arabic catalogues", () => {
  const english = new Map(leaves(en).map((leaf) => [leaf.path, leaf.value]));
  const arabic = new Map(leaves(ar).map((leaf) => [leaf.path, leaf.value]));

  it("have the same keys", () => {
    expect(
      [...arabic.keys()].filter((key) => !english.has(key)),
      "only in Arabic",
    ).toEqual([]);
    expect(
      [...english.keys()].filter((key) => !arabic.has(key)),
      "missing in Arabic",
    ).toEqual([]);
    expect(english.size).toBeGreaterThan(400);
  });

  it("use the same {placeholders} in every pair", () => {
    const differing = [...english].flatMap(([path, value]) => {
      const theirs = placeholders(arabic.get(path));
      const ours = placeholders(value);
      return JSON.stringify(theirs) === JSON.stringify(ours) ? [] : [`${path}: en ${ours.join(",") || "-"} / ar ${theirs.join(",") || "-"}`];
    });
    expect(differing).toEqual([]);
  });

  it("give every plural form each language needs, and the same kind of value for every key", () => {
    for (const locale of LOCALES) {
      const needed = pluralCategories(locale);
      for (const leaf of leaves(catalogues[locale])) {
        const kind = isPlural(english.get(leaf.path)) ? "plural" : "string";
        if (kind === "plural") {
          expect(isPlural(leaf.value), `${locale} ${leaf.path} is a plural`).toBe(true);
          const missing = needed.filter((category) => !(category in (leaf.value as object)));
          if (locale === "ar") expect(missing, `${locale} ${leaf.path}`).toEqual([]);
        } else {
          expect(typeof leaf.value, `${locale} ${leaf.path}`).toBe("string");
        }
      }
    }
    expect(pluralCategories("ar")).toEqual(expect.arrayContaining(["zero", "one", "two", "few", "many", "other"]));
  });

  it("leave no English sentence in the Arabic catalogue (brand names and codes aside)", () => {
    const english = [...arabic].filter(([, value]) => {
      const texts = typeof value === "string" ? [value] : Object.values(value as object);
      return texts.some((text: string) => /[A-Za-z]{3,}(?:\s+[A-Za-z]{3,}){2,}/.test(text.replace(/\{\w+\}/g, "")));
    });
    expect(english.map(([path]) => path)).toEqual([]);
  });
});

describe("plurals, numbers and dates in the page's language", () => {
  it("picks the Arabic form for 0, 1, 2, 3, 11 and 100", () => {
    const forms = { zero: "zero", one: "one", two: "two", few: "few {count}", many: "many {count}", other: "other {count}" };
    expect([0, 1, 2, 3, 11, 100].map((count) => plural("ar", forms, count))).toEqual(["zero", "one", "two", "few 3", "many 11", "other 100"]);
    expect(plural("en", { one: "1 person", other: "{count} people" }, 1234)).toBe("1,234 people");
  });

  it("formats dates and numbers with the locale's words and Western digits", () => {
    expect(formatDate("en", "2025-03-21")).toBe("March 21, 2025");
    expect(formatDate("ar", "2025-03-21")).toBe("21 مارس 2025");
    expect(formatNumber("ar", 1250)).toBe("1,250");
  });
});

describe("the legal texts", () => {
  const contact = { companyName: "PUSH", legalName: "PUSH LLC", email: "info@push.example", phone: "+1 307 555 0100", address: "30 N Gould St" };

  it("have the same sections in both languages, and the Arabic ones say that the English version governs", () => {
    for (const build of ["privacyPolicy", "termsAndConditions"] as const) {
      const theirs = arabicLegal[build](contact);
      const ours = englishLegal[build](contact);
      expect(theirs.sections.map((section) => section.id)).toEqual(ours.sections.map((section) => section.id));
      expect(theirs.sections.map((section) => section.paragraphs.length)).toEqual(ours.sections.map((section) => section.paragraphs.length));
      expect(theirs.intro[0]).toMatch(/النسخة الإنجليزية/);
      expect(JSON.stringify(theirs)).toContain("\u2068info@push.example\u2069");
    }
  });
});
