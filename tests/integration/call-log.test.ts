// The call log's figures and export (app/domain/call-log.ts): what an admin reads and downloads.
import { describe, expect, it } from "vitest";
import { callLogCsv, durations, totalsOf, type CallLogEntry } from "~/domain/call-log";

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

const entry = (id: string, overrides: Partial<CallLogEntry> = {}): CallLogEntry => ({
  id,
  languageId: 1,
  language: "Arabic",
  type: "video",
  callerName: "Caller",
  customerId: null,
  interpreterId: "u1",
  interpreterName: "Interpreter One",
  outcome: "answered",
  requestedAt: T0,
  answeredAt: T0 + 10_000,
  endedAt: T0 + 130_000,
  ...overrides,
});

describe("durations", () => {
  it("waits until answered and talks until the end", () => {
    expect(durations(entry("a"))).toEqual({ waitMs: 10_000, talkMs: 120_000 });
  });
  it("an unanswered call waited until it ended and talked for nothing", () => {
    expect(durations(entry("b", { outcome: "missed", answeredAt: null, endedAt: T0 + 45_000 }))).toEqual({ waitMs: 45_000, talkMs: 0 });
  });
});

describe("totals", () => {
  it("counts calls, the answer rate, the median wait of answered calls and the minutes talked", () => {
    const log = [
      entry("a", { answeredAt: T0 + 4_000, endedAt: T0 + 64_000 }),
      entry("b", { answeredAt: T0 + 10_000, endedAt: T0 + 190_000 }),
      entry("c", { answeredAt: T0 + 30_000, endedAt: T0 + 30_000 }),
      entry("d", { outcome: "missed", answeredAt: null, endedAt: T0 + 45_000 }),
    ];
    expect(totalsOf(log)).toEqual({ calls: 4, answered: 3, answerRate: 0.75, medianWaitMs: 10_000, talkMinutes: 4 });
  });
  it("an empty log has no rate and no median", () => {
    expect(totalsOf([])).toEqual({ calls: 0, answered: 0, answerRate: null, medianWaitMs: null, talkMinutes: 0 });
  });
});

describe("CSV export", () => {
  it("has a header and one row per call, times in UTC and durations in seconds", () => {
    const lines = callLogCsv([entry("a")]).split("\r\n");
    expect(lines[0]).toBe("call,requested_at,answered_at,ended_at,language,type,caller,interpreter,outcome,wait_seconds,talk_seconds");
    expect(lines[1]).toBe("a,2026-11-25T09:00:00.000Z,2026-11-25T09:00:10.000Z,2026-11-25T09:02:10.000Z,Arabic,video,Caller,Interpreter One,answered,10,120");
    expect(lines[2]).toBe("");
  });
  it("quotes commas and quotes, and never lets a spreadsheet read a caller's name as a formula", () => {
    const csv = callLogCsv([entry("a", { callerName: '=HYPERLINK("http://x.example")', interpreterName: "Doe, Jane" })]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x.example"")"`);
    expect(csv).toContain('"Doe, Jane"');
  });
});
