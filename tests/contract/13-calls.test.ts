// The call log through the Supabase adapter (issue 14; supabase/migrations/20261127000000_push_call_log.sql): a call
// is recorded with INSERT … ON CONFLICT (id) DO NOTHING, the log is one read with its filters — the exact requests,
// the credentials they carry (always the service role), and what the double holds after them.
import { createExecutionContext, env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createRequestContext, routerContextFor } from "~/request/context.server";
import * as callsPage from "~/routes/dashboard/incoming-calls";
import * as callPage from "~/routes/public/call";
import * as callRoom from "~/routes/dashboard/call-room";
import { roomToken } from "~/features/calls/room-token.server";
import { handleCallSocket } from "../../workers/calls";
import type { CallLogEntry, CallLogFilter } from "~/domain/call-log";
import { handleRest } from "../support/supabase-double/postgrest";
import { DoubleState } from "../support/supabase-double/state";
import { ADMIN, backendFor, bindings, double, DOUBLE_URL, idOf, INTERPRETER, languageIdOf, ORIGIN, probe, signIn, step } from "./helpers";

type Call = { shape: string | null; credentials: string | null; url: string };
const who = (requests: Call[]) => requests.map(({ shape, credentials }) => `${shape} ${credentials}`);
/** Every query parameter with all its values (requested_at may come twice). */
const paramsOf = (request: Call) => [...new URL(request.url, DOUBLE_URL).searchParams];
const calls = () => backendFor().calls;
const NONE: CallLogFilter = { from: null, to: null, languageId: null, interpreterId: null };

/** 2026-11-25T16:00:00.123Z (09:00:00.123 in Wyoming), and how PostgREST writes it. */
const T0 = Date.UTC(2026, 10, 25, 16, 0, 0, 123);
const pg = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
let [arabic, english] = [0, 0];
let [admin, interpreter] = ["", ""];

beforeEach(async () => {
  await double.reset();
  [arabic, english] = (await Promise.all(["Arabic", "English"].map(languageIdOf))) as [number, number];
  [admin, interpreter] = await Promise.all([idOf(ADMIN), idOf(INTERPRETER)]);
});

let counter = 0;
const entry = (overrides: Partial<CallLogEntry> = {}): CallLogEntry => ({
  id: `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, "0")}`,
  languageId: arabic,
  language: "Arabic",
  type: "video",
  callerName: "Lena Park",
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
      ["select", "id,language_id,language,type,caller_name,interpreter_id,interpreter_name,outcome,requested_at,answered_at,ended_at"],
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
    const columns = "id,language_id,language,type,caller_name,interpreter_id,interpreter_name,outcome,requested_at,answered_at,ended_at";
    const response = await probe(`/rest/v1/call_log?select=${columns}&${range}&order=requested_at.desc,id.asc&limit=5`, { key: "service" });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(/query parameter requested_at=lt\..* does not match/);
  });
});

// The call link for a named customer: made by the dashboard's form and read by /Call, whole routes on this adapter.
describe("who may take calls (issue 22)", () => {
  it("reads the live sessions and the links of the people on the board with the service role, and keys sessions as the session list does", async () => {
    const { cookie } = await signIn(INTERPRETER);
    const listed = (await backendFor(cookie).auth.sessions()).find((session) => session.current)!.key;
    const { result, requests } = await step(() => backendFor().links.callReadiness([interpreter, "00000000-0000-4000-8000-000000000000"]));
    expect(who(requests).sort()).toEqual(["rest.session_devices.call-readiness service", "rest.user_languages.call-readiness service"]);
    expect(result).toHaveLength(1);
    expect(result[0]!.id).toBe(interpreter);
    expect(result[0]!.sessions).toContain(listed);
    const own = (await backendFor(cookie).links.forUser(interpreter)).map((language) => language.id);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(result[0]!.languages)).toEqual(new Set(own));
  });
});

describe("call links", () => {
  const routeArgs = (path: string, init: RequestInit = {}) => {
    const request = new Request(`${ORIGIN}${path}`, init);
    const context = routerContextFor(createRequestContext(request, env, createExecutionContext()));
    return { request, context, params: {}, pattern: path, url: new URL(request.url) } as never;
  };

  it("the form checks the administrator, then reads the linked languages once; /Call with the link reads them once", async () => {
    const { cookie } = await signIn(ADMIN);
    const body = new URLSearchParams({ intent: "call-link", name: "Maria López", language: String(arabic), type: "video", validFor: "1", locale: "ar" });
    const headers = { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" };
    const made = await step(() => callsPage.action(routeArgs("/Dashboard/Dashboardcall", { method: "POST", headers, body })));
    // The guard (session, device, the user's row), then the languages someone is linked to, in one call (issue 23).
    const linkedLanguages = ["rpc.push_linked_languages service"];
    expect(who(made.requests)).toEqual(["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user", ...linkedLanguages]);
    const link = new URL((made.result as unknown as { data: { created: { url: string } } }).data.created.url);
    expect(link.pathname).toBe("/ar/Call");

    const opened = await step(() => callPage.loader(routeArgs(`${link.pathname}${link.search}`)));
    expect(who(opened.requests)).toEqual(linkedLanguages);
    expect((opened.result as unknown as { data: { link: unknown } }).data.link).toEqual({
      state: "ok",
      token: link.searchParams.get("link"),
      name: "Maria López",
      languageId: arabic,
      language: "Arabic",
      type: "video",
    });
  });
});

// A live call's room (issue 21): the interpreter who accepted is admitted by their own session, read through this
// adapter; the caller by the room's cookie, with no request to Supabase at all; anyone else gets 403.
describe("call rooms", () => {
  const routeArgs = (path: string, cookie?: string) => {
    const request = new Request(`${ORIGIN}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
    const context = routerContextFor(createRequestContext(request, env, createExecutionContext()));
    return { request, context, params: { roomId: path.split("/")[2] }, pattern: path, url: new URL(request.url) } as never;
  };
  const openRoom = async () => {
    const roomId = crypto.randomUUID();
    const switchboardId = env.CALLS.idFromName(`contract-${roomId}`).toString();
    await env.CALL_ROOMS.get(env.CALL_ROOMS.idFromName(roomId)).open({ callId: roomId, interpreterId: interpreter, answeredAt: Date.now(), switchboardId });
    return roomId;
  };

  it("admits the interpreter who accepted by their session; another staff member and a signed-out visitor get 403", async () => {
    const roomId = await openRoom();
    const staff = (await signIn(INTERPRETER)).cookie;
    const admitted = await step(() => callRoom.loader(routeArgs(`/call-room/${roomId}`, staff)));
    expect(who(admitted.requests)).toEqual(["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"]);
    expect(admitted.result).toMatchObject({ kind: "live", live: { party: "interpreter", ended: false } });
    const other = (await signIn(ADMIN)).cookie;
    await expect(callRoom.loader(routeArgs(`/call-room/${roomId}`, other))).rejects.toMatchObject({ init: { status: 403 } });
    const anonymous = await step(() => callRoom.loader(routeArgs(`/call-room/${roomId}`)).catch((refusal: unknown) => refusal));
    expect(anonymous.result).toMatchObject({ init: { status: 403 } });
  });

  it("admits the caller by the room's cookie without asking Supabase anything", async () => {
    const roomId = await openRoom();
    const key = await roomToken(bindings.SESSION_SECRET, roomId, "caller");
    const entered = await handleCallSocket(
      new Request(`${ORIGIN}/api/calls/room/${roomId}/enter`, { method: "POST", headers: { Origin: ORIGIN }, body: new URLSearchParams({ key }) }),
      env,
    );
    expect(entered.status).toBe(303);
    const cookie = entered.headers.getSetCookie()[0]!.split(";")[0]!;
    const admitted = await step(() => callRoom.loader(routeArgs(`/call-room/${roomId}`, cookie)));
    expect(admitted.requests).toEqual([]);
    expect(admitted.result).toMatchObject({ kind: "live", live: { party: "caller" } });
  });
});
