// The invoice PDF's lines in visual order (app/features/billing/invoice-pdf/bidi-runs.ts): each line is cut into runs of
// one direction and one font, left to right as drawn. Fonts here are stand-ins that know which characters they draw.
import { describe, expect, it } from "vitest";
import { isolateLeftToRight, visualRuns } from "~/features/billing/invoice-pdf/bidi-runs";

const font = (name: string, draws: (codePoint: number) => boolean) => ({ name, has: draws });
const FONTS = {
  arabic: font("arabic", (codePoint) => (codePoint >= 0x0600 && codePoint <= 0x06ff) || codePoint === 0x20),
  latin: font("latin", (codePoint) => codePoint < 0x0250 || (codePoint >= 0x2000 && codePoint <= 0x20bf)),
  symbols: font("symbols", (codePoint) => codePoint >= 0x2190 && codePoint <= 0x2199),
  mirrored: font("mirrored", (codePoint) => "()[]".includes(String.fromCodePoint(codePoint))),
};

const drawn = (line: string, direction: "ltr" | "rtl") => visualRuns(line, direction, FONTS).map((run) => `${run.font.name}${run.rtl ? "←" : "→"}${run.text}`);

describe("visualRuns", () => {
  it("puts an Arabic title's invoice number on the left, read left to right", () => {
    expect(drawn("فاتورة PUSH-2026-0001", "rtl")).toEqual(["latin→PUSH-2026-0001", "arabic←فاتورة "]);
  });

  it("keeps an amount's currency before its digits, and the label's words in logical order for fontkit to reverse", () => {
    // ": " between them is right to left with no Arabic letter, so fontkit would not reverse it: it is put in visual order here.
    expect(drawn("الإجمالي: US$ 182.81", "rtl")).toEqual(["latin→US$ 182.81", "latin← :", "arabic←الإجمالي"]);
  });

  it("draws the brackets of Arabic text mirrored, from the mirrored font", () => {
    expect(drawn("مقطوع (الطلب 1000)", "rtl")).toEqual(["mirrored←(", "latin→1000", "arabic←الطلب ", "mirrored←)", "arabic←مقطوع "]);
  });

  it("draws an Arabic name inside an English line right to left, and an arrow from the symbols font", () => {
    // The space after the name stays in the Arabic font, which has it: one run fewer.
    expect(drawn("Customer: شركة النور → PUSH", "ltr")).toEqual(["latin→Customer: ", "arabic←شركة النور", "arabic→ ", "symbols→→", "latin→ PUSH"]);
  });

  it("drops the isolates the app may have added, and adds none where they already are", () => {
    expect(drawn("العميل \u2066Zoë Łukasiewicz\u2069", "rtl")).toEqual(["latin→Zoë Łukasiewicz", "arabic←العميل "]);
    expect(isolateLeftToRight("رقم PUSH-2026-0001 بتاريخ 2026-11-27")).toBe("رقم \u2066PUSH-2026-0001\u2069 بتاريخ \u20662026-11-27\u2069");
  });
});
