// The call log's page and CSV (issue 14) through their loaders: administrators read every call and filter it; an
// interpreter reads only their own calls, whatever the address asks for.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { CallLogEntry } from "~/domain/call-log";
import * as callLog from "~/routes/dashboard/call-log";
import * as callLogCsv from "~/routes/dashboard/call-log-csv";
import { backendFor, idOf, languageId, seededAndSignedIn, statusOf, thrown } from "./helpers";
import { browser } from "./requests";

const { get } = browser();
const T0 = Date.UTC(2026, 10, 20, 15, 0, 0);

const cookies = seededAndSignedIn();
beforeAll(async () => {
  const calls = backendFor().calls;
  const spanish = await languageId("Spanish");
  const arabic = await languageId("Arabic");
  const entry = (id: string, overrides: Partial<CallLogEntry>): CallLogEntry => ({
    id,
    languageId: spanish,
    language: "Spanish",
    type: "video",
    callerName: "Caller",
    customerId: null,
    interpreterId: null,
    interpreterName: null,
    outcome: "answered",
    requestedAt: T0,
    answeredAt: T0 + 8_000,
    endedAt: T0 + 128_000,
    ...overrides,
  });
  await calls.record(
    entry("call-daniel", { interpreterId: await idOf("interpreter@example.com"), interpreterName: "Daniel Reyes", callerName: "=cmd|' /C calc'!A0" }),
  );
  await calls.record(
    entry("call-amira", {
      languageId: arabic,
      language: "Arabic",
      interpreterId: await idOf("admin@example.com"),
      interpreterName: "Amira Haddad",
      answeredAt: T0 + 20_000,
    }),
  );
  await calls.record(entry("call-missed", { outcome: "missed", answeredAt: null, requestedAt: T0 + 60_000, endedAt: T0 + 105_000 }));
});

describe("the call log", () => {
  it("needs a session", async () => {
    expect(statusOf(await thrown(() => callLog.loader(get("/Dashboard/Calls"))))).toBe(302);
    expect(statusOf(await thrown(() => callLogCsv.loader(get("/Dashboard/Calls/export"))))).toBe(302);
  });

  it("shows an administrator every call with totals, and filters by language", async () => {
    const all = await callLog.loader(get("/Dashboard/Calls", cookies.admin));
    expect(all.entries.map((item) => item.id)).toEqual(["call-missed", "call-amira", "call-daniel"]);
    expect(all.totals).toMatchObject({ calls: 3, answered: 2, medianWaitMs: 14_000 });
    const arabic = await languageId("Arabic");
    const filtered = await callLog.loader(get(`/Dashboard/Calls?language=${arabic}`, cookies.admin));
    expect(filtered.entries.map((item) => item.id)).toEqual(["call-amira"]);
  });

  it("a day that only looks like one (or whose next day has five digits) is left out of the filter, not a 500", async () => {
    for (const to of ["9999-99-99", "9999-12-31", "2026-02-30"]) {
      const page = await callLog.loader(get(`/Dashboard/Calls?to=${to}`, cookies.admin));
      expect(page.filter.to, to).toBeNull();
      expect(page.entries).toHaveLength(3);
      expect((await callLogCsv.loader(get(`/Dashboard/Calls/export?to=${to}&from=${to}`, cookies.admin))).status, to).toBe(200);
    }
    expect((await callLog.loader(get("/Dashboard/Calls?to=9999-12-30", cookies.admin))).filter.to).toBe("9999-12-30");
  });

  it("filters an administrator's view by the interpreter typed in the person field: a part, a picked suggestion or an id", async () => {
    const adminId = await idOf("admin@example.com");
    for (const typed of ["HADDAD", "Amira Haddad <admin@example.com>", adminId]) {
      const page = await callLog.loader(get(`/Dashboard/Calls?interpreter=${encodeURIComponent(typed)}`, cookies.admin));
      expect([page.entries.map((item) => item.id), page.personError, page.typed], typed).toEqual([["call-amira"], null, typed]);
      const csv = await (await callLogCsv.loader(get(`/Dashboard/Calls/export?interpreter=${encodeURIComponent(typed)}`, cookies.admin))).text();
      expect(
        csv
          .trim()
          .split("\r\n")
          .map((line) => line.split(",")[0]),
      ).toEqual(["call", "call-amira"]);
    }
    // Nobody by that name: a field message and no calls (not everyone's), in the page and the export alike.
    const nobody = await callLog.loader(get("/Dashboard/Calls?interpreter=no-such-person", cookies.admin));
    expect([nobody.entries, nobody.totals.calls, nobody.personError]).toEqual([
      [],
      0,
      "No one matches “no-such-person”. Check the spelling, or type their e-mail.",
    ]);
    const csv = await (await callLogCsv.loader(get("/Dashboard/Calls/export?interpreter=no-such-person", cookies.admin))).text();
    expect(csv.trim().split("\r\n")).toHaveLength(1);
    // The field starts with a few suggestions, never everyone.
    expect(nobody.suggestions.length).toBeGreaterThan(0);
    expect(nobody.suggestions.length).toBeLessThanOrEqual(10);
  });

  it("shows an interpreter their own calls only, even when the address names someone else", async () => {
    const adminId = await idOf("admin@example.com");
    const own = await callLog.loader(get(`/Dashboard/Calls?interpreter=${adminId}`, cookies.interpreter));
    expect(own.entries.map((item) => item.id)).toEqual(["call-daniel"]);
    expect(own.suggestions).toEqual([]);
    const csv = await (await callLogCsv.loader(get(`/Dashboard/Calls/export?interpreter=${adminId}`, cookies.interpreter))).text();
    expect(csv.trim().split("\r\n")).toHaveLength(2);
    expect(csv).toContain("call-daniel");
  });

  it("exports CSV as a private download that no spreadsheet reads as a formula", async () => {
    const response = await callLogCsv.loader(get("/Dashboard/Calls/export", cookies.admin));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="push-call-log.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text).toContain("'=cmd|' /C calc'!A0");
    expect(text).toContain("call-daniel,2026-11-20T15:00:00.000Z,2026-11-20T15:00:08.000Z,2026-11-20T15:02:08.000Z,Spanish,video");
  });
});

describe("a year of calls is never cut short (issue 23)", () => {
  // 5,200 calls in 2024 (the page showed "Calls 1,000" for a year, and the CSV held the last 1,000 calls only).
  const YEAR_CALLS = 5_200;
  const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  beforeAll(async () => {
    const start = Date.UTC(2024, 0, 2, 12);
    const spacing = Math.floor((Date.UTC(2024, 11, 30) - start) / YEAR_CALLS);
    const rows = Array.from({ length: YEAR_CALLS }, (_, n) => {
      const at = start + n * spacing;
      const answered = n % 4 !== 0;
      return env.DB.prepare(
        `INSERT INTO call_log (id, language_id, language, type, caller_name, interpreter_id, interpreter_name, outcome, requested_at, answered_at, ended_at)
         VALUES (?, NULL, 'Spanish', 'audio', 'Caller', NULL, NULL, ?, ?, ?, ?)`,
      ).bind(callId(n), answered ? "answered" : "missed", at, answered ? at + 10_000 : null, at + 70_000);
    });
    for (let start = 0; start < rows.length; start += 500) await env.DB.batch(rows.slice(start, start + 500));
  });

  it("the totals count every call of the year; the page shows 100 and links to the older ones, page after page", async () => {
    const year = "/Dashboard/Calls?from=2024-01-01&to=2024-12-31";
    const counted = await env.DB.prepare(
      "SELECT COUNT(*) AS n, SUM(outcome = 'answered') AS answered FROM call_log WHERE requested_at >= ? AND requested_at < ?",
    )
      .bind(Date.UTC(2024, 0, 1, 7), Date.UTC(2025, 0, 1, 7))
      .first<{ n: number; answered: number }>();
    expect(counted!.n).toBe(YEAR_CALLS);
    const first = await callLog.loader(get(year, cookies.admin));
    expect(first.totals).toMatchObject({ calls: counted!.n, answered: counted!.answered, medianWaitMs: 10_000 });
    expect(first.entries).toHaveLength(100);
    expect(first.older).toBe(`${first.entries.at(-1)!.requestedAt}.${callId(5100)}`);
    const second = await callLog.loader(get(`${year}&before=${first.older}`, cookies.admin));
    expect(second.totals.calls).toBe(YEAR_CALLS);
    expect(second.entries[0]!.id).toBe(callId(5099));
    expect(second.entries).toHaveLength(100);
  });

  it("the CSV export has every call of the year, streamed", async () => {
    const response = await callLogCsv.loader(get("/Dashboard/Calls/export?from=2024-01-01&to=2024-12-31&before=1.x", cookies.admin));
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(YEAR_CALLS + 1);
    expect(lines[1]!.startsWith(`${callId(5199)},`)).toBe(true);
    expect(lines.at(-1)!.startsWith(`${callId(0)},`)).toBe(true);
    expect(new Set(lines.slice(1).map((line) => line.split(",")[0])).size).toBe(YEAR_CALLS);
  });
});
