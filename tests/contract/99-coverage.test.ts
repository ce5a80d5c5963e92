// Runs last (vitest.contract.config.ts sorts the files by name): prints how often the adapter's requests
// matched each SPEC §7 line of the double's table, and fails if a line was never matched, if an allowed
// shape was never used, or if the adapter sent any request the double does not allow.
import { describe, expect, it } from "vitest";
import { double } from "./helpers";

describe("SPEC §7 coverage of the Supabase adapter", () => {
  it("matched every §7 line and every allowed shape, with no violation", async () => {
    console.log(await double.coverageText());
    const report = await double.coverage();
    expect(report.spec).toHaveLength(16);
    expect(report.unmatchedSpecLines, "§7 lines never matched").toEqual([]);
    expect(report.unusedShapes, "allowed shapes never used by the adapter").toEqual([]);
    expect(await double.violations(), "requests the double does not allow").toEqual([]);
    expect(report.violations).toBe(0);
  });
});
