// The call log through the Supabase adapter (issue 14; supabase/migrations/20261127000000_push_call_log.sql): a call
// is recorded with INSERT … ON CONFLICT (id) DO NOTHING, the log is one read with its filters — the exact requests,
// the credentials they carry (always the service role), and what the double holds after them. The call routes on
// this adapter: 13-calls-routes.
import { beforeEach, describe, expect, it } from "vitest";
import type { CallLogEntry, CallLogFilter } from "~/domain/call-log";
import { handleRest } from "../support/supabase-double/postgrest";
import { DoubleState } from "../support/supabase-double/state";
import { admin, arabic, english, interpreter, resetCalls } from "./calls-helpers";
import { backendFor, DOUBLE_URL, double, probe, step, who } from "./helpers";

/** Every query parameter with all its values (requested_at may come twice). */
const paramsOf = (request: { url: string }) => [...new URL(request.url, DOUBLE_URL).searchParams];
const calls = () => backendFor().calls;
const NONE: CallLogFilter = { from: null, to: null, languageId: null, interpreterId: null };

/** 2026-11-25T16:00:00.123Z (09:00:00.123 in Wyoming), and how PostgREST writes it. */
const T0 = Date.UTC(2026, 10, 25, 16, 0, 0, 123);
const pg = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

beforeEach(resetCalls);

let counter = 0;
const entry = (overrides: Partial<CallLogEntry> = {}): CallLogEntry => ({
  id: `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, "0")}`,
  languageId: arabic,
  language: "Arabic",
  type: "video",
  callerName: "Lena Park",
  customerId: null,
  interpreterId: interpreter,
  interpreterName: "Sample Interpreter",
  outcome: "answered",
  requestedAt: T0,
  answeredAt: T0 + 12_000,
  endedAt: T0 + 312_000,
  ...overrides,
});

describe("record", () => {
  it("inserts the call with the service role, ignoring a duplicate id; instants as timestamptz", async () => {
    const call = entry();
    const { requests } = await step(() => calls().record(call));
    expect(who(requests)).toEqual(["rest.call_log.record service"]);
    expect(paramsOf(requests[0]!)).toEqual([["on_conflict", "id"]]);
    const stored = {
      id: call.id,
      language_id: arabic,
      language: "Arabic",
      type: "video",
      caller_name: "Lena Park",
      customer_id: null,
      interpreter_id: interpreter,
      interpreter_name: "Sample Interpreter",
      outcome: "answered",
      requested_at: pg(T0),
      answered_at: pg(T0 + 12_000),
      ended_at: pg(T0 + 312_000),
    };
    expect(await double.table("call_log")).toEqual([stored]);

    // The same call again (a retried write): no error, and the row as it was.
    const again = await step(() => calls().record({ ...call, outcome: "missed", answeredAt: null, callerName: "Changed" }));
    expect(who(again.requests)).toEqual(["rest.call_log.record service"]);
    expect(await double.table("call_log")).toEqual([stored]);
  });

  it("stores an unanswered call without interpreter or language, and a call whose language and interpreter are gone", async () => {
    const missed = entry({ languageId: null, interpreterId: null, interpreterName: null, outcome: "missed", answeredAt: null, endedAt: T0 + 45_000 });
    await step(() => calls().record(missed));
    expect(await double.table("call_log")).toEqual([
      expect.objectContaining({ id: missed.id, language_id: null, interpreter_id: null, interpreter_name: null, answered_at: null, ended_at: pg(T0 + 45_000) }),
    ]);
    // Deleted after the call began (or never there): the line is stored with its names, the ids emptied (issue 21).
    const orphan = entry({ languageId: 9999, interpreterId: crypto.randomUUID() });
    await step(() => calls().record(orphan));
    expect(await calls().page(NONE, null, 50)).toContainEqual({ ...orphan, languageId: null, interpreterId: null });
  });
});

/** Three calls a second apart: one before T0, one at T0, and one after it that was cancelled. */
const threeCalls = (): [CallLogEntry, CallLogEntry, CallLogEntry] => [
  entry({ requestedAt: T0 - 1000 }),
  entry(),
  entry({ requestedAt: T0 + 1000, answeredAt: null, outcome: "cancelled", endedAt: T0 + 5000 }),
];

describe("list", () => {
  it("reads the log newest first (then by id) with a limit, and maps every column", async () => {
    const [a, b, c] = threeCalls();
    for (const call of [b, c, a]) await calls().record(call);
    const { result, requests } = await step(() => calls().page(NONE, null, 50));
    expect(who(requests)).toEqual(["rest.call_log.list service"]);
    expect(paramsOf(requests[0]!)).toEqual([
      ["select", "id,language_id,language,type,caller_name,customer_id,interpreter_id,interpreter_name,outcome,requested_at,answered_at,ended_at"],
      ["order", "requested_at.desc,id.asc"],
      ["limit", "50"],
    ]);
    expect(result).toEqual([c, b, a]);
    expect((await calls().page(NONE, null, 2)).map((call) => call.id)).toEqual([c.id, b.id]);
  });

  it("filters by company days (from the first instant of `from` to before the day after `to`), language and interpreter", async () => {
    // 2026-11-25 in Wyoming (MST, UTC-7): 07:00Z on the 25th to 07:00Z on the 26th.
    const start = Date.UTC(2026, 10, 25, 7);
    const end = Date.UTC(2026, 10, 26, 7);
    const first = entry({ requestedAt: start, answeredAt: null, outcome: "missed", endedAt: start + 1 });
    const last = entry({
      requestedAt: end - 1,
      answeredAt: null,
      outcome: "missed",
      endedAt: end,
      languageId: english,
      language: "English",
      interpreterId: admin,
    });
    const before = entry({ requestedAt: start - 1, answeredAt: null, outcome: "missed", endedAt: start });
    const after = entry({ requestedAt: end, answeredAt: null, outcome: "missed", endedAt: end + 1 });
    for (const call of [first, last, before, after]) await calls().record(call);

    const day = { ...NONE, from: "2026-11-25", to: "2026-11-25" };
    const { result, requests } = await step(() => calls().page(day, null, 50));
    expect(paramsOf(requests[0]!)).toEqual([
      ["select", expect.any(String)],
      ["requested_at", `gte.${new Date(start).toISOString()}`],
      ["requested_at", `lt.${new Date(end).toISOString()}`],
      ["order", "requested_at.desc,id.asc"],
      ["limit", "50"],
    ]);
    expect(result.map((call) => call.id)).toEqual([last.id, first.id]);
    expect((await calls().page({ ...NONE, from: "2026-11-25" }, null, 50)).map((call) => call.id)).toEqual([after.id, last.id, first.id]);
    expect((await calls().page({ ...NONE, to: "2026-11-25" }, null, 50)).map((call) => call.id)).toEqual([last.id, first.id, before.id]);

    const both = await step(() => calls().page({ ...day, languageId: english, interpreterId: admin }, null, 10));
    expect(paramsOf(both.requests[0]!).slice(3, 5)).toEqual([
      ["language_id", `eq.${english}`],
      ["interpreter_id", `eq.${admin}`],
    ]);
    expect(both.result).toEqual([last]);
    expect(await calls().page({ ...NONE, interpreterId: interpreter }, null, 10)).toEqual([after, first, before]);
  });

  it("pages by keyset after the last call of the page before, and counts the totals of the whole filter in one call (issue 23)", async () => {
    const [a, b, c] = threeCalls();
    for (const call of [a, b, c]) await calls().record(call);
    const next = await step(() => calls().page(NONE, { requestedAt: c.requestedAt, id: c.id }, 1));
    expect(paramsOf(next.requests[0]!)).toContainEqual([
      "or",
      `(requested_at.lt.${new Date(c.requestedAt).toISOString()},and(requested_at.eq.${new Date(c.requestedAt).toISOString()},id.gt.${c.id}))`,
    ]);
    expect(next.result).toEqual([b]);
    expect(await calls().page(NONE, { requestedAt: b.requestedAt, id: b.id }, 5)).toEqual([a]);

    const day = { ...NONE, from: "2026-11-25", to: "2026-11-25" };
    const totals = await step(() => calls().totals({ ...day, languageId: arabic }));
    expect(who(totals.requests)).toEqual(["rpc.push_call_log_totals service"]);
    // a and b answered (waits of 13 s and 12 s, talk of 5 min each), c cancelled.
    expect(totals.result).toEqual({ calls: 3, answered: 2, answerRate: 2 / 3, medianWaitMs: 12_500, talkMinutes: 10 });
    expect(await calls().totals({ ...NONE, from: "2026-11-26" })).toMatchObject({ calls: 0 });
    expect(await calls().totals({ ...day, languageId: english })).toMatchObject({ calls: 0 });
  });

  it("answers an interpreter id that is not a uuid with no calls, without asking", async () => {
    await calls().record(entry());
    const { result, requests } = await step(() => calls().page({ ...NONE, interpreterId: "not-a-uuid" }, null, 10));
    expect(result).toEqual([]);
    expect(requests).toEqual([]);
  });
});

describe("the double's share", () => {
  it("refuses ON CONFLICT on columns without a unique constraint, as Postgres does", () => {
    const row = {
      id: "x",
      language: "Arabic",
      type: "audio",
      caller_name: "A",
      outcome: "missed",
      requested_at: new Date(T0).toISOString(),
      ended_at: new Date(T0).toISOString(),
    };
    const request = { method: "POST", table: "call_log", single: false, body: row, prefer: new Set(["resolution=ignore-duplicates"]) };
    const state = new DoubleState(false);
    expect(handleRest(state, { ...request, params: new URLSearchParams("on_conflict=language") })).toMatchObject({
      status: 400,
      body: expect.stringContaining("42P10"),
    });
    expect(handleRest(state, { ...request, params: new URLSearchParams("on_conflict=id") })).toMatchObject({ status: 201 });
    expect(handleRest(state, { ...request, params: new URLSearchParams("on_conflict=id") })).toMatchObject({ status: 201 });
    expect(state.tables.call_log).toHaveLength(1);
    // Without the Prefer, a second insert of the id fails on the primary key.
    expect(handleRest(state, { ...request, prefer: new Set(), params: new URLSearchParams() })).toMatchObject({
      status: 409,
      body: expect.stringContaining("call_log_pkey"),
    });
  });

  it("allows the day range only as gte then lt", async () => {
    const range = `requested_at=lt.${new Date(T0).toISOString()}&requested_at=gte.${new Date(T0).toISOString()}`;
    const columns = "id,language_id,language,type,caller_name,customer_id,interpreter_id,interpreter_name,outcome,requested_at,answered_at,ended_at";
    const response = await probe(`/rest/v1/call_log?select=${columns}&${range}&order=requested_at.desc,id.asc&limit=5`, { key: "service" });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(/query parameter requested_at=lt\..* does not match/);
  });
});
