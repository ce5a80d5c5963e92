// The security log through the Supabase adapter (issue 10): recording an event, listing them newest first by
// pages, pruning the old ones — the exact requests each port call makes and the credentials they carry.
import { beforeAll, describe, expect, it } from "vitest";
import { calls } from "./accounts-helpers";
import { backendFor, double, step, who } from "./helpers";

beforeAll(() => double.reset());

describe("the security log", () => {
  const at = Date.UTC(2026, 10, 23, 10, 0, 0, 123);
  const event = { at, kind: "sign-in-failed" as const, account: "Someone@Example.COM", actor: null, address: "203.0.113.7", userAgent: "curl/8.0", detail: "" };

  it("record(): one insert (the service role), the time as ISO 8601 and the address lower-cased", async () => {
    const { requests } = await step(() => backendFor().events.record(event));
    expect(who(requests)).toEqual(["rest.security_events.record service"]);
    expect(calls(requests)).toEqual(["rest.security_events.record 201"]);
    expect(await double.table("security_events")).toEqual([
      {
        id: 1,
        at: "2026-11-23T10:00:00.123+00:00",
        kind: "sign-in-failed",
        account: "someone@example.com",
        actor: null,
        address: "203.0.113.7",
        user_agent: "curl/8.0",
        detail: "",
      },
    ]);
  });

  it("list(): newest first (then by id), for one address whatever its case, limited", async () => {
    await backendFor().events.record({ ...event, at: at + 1000, kind: "sign-in", account: "someone@example.com" });
    await backendFor().events.record({ ...event, at: at + 1000, kind: "forbidden", account: "other@example.com" });
    const { result, requests } = await step(() => backendFor().events.list({ account: "SOMEONE@example.com", limit: 10 }));
    expect(who(requests)).toEqual(["rest.security_events.list service"]);
    expect(Object.fromEntries(new URL(requests[0]!.url, "http://double").searchParams)).toMatchObject({
      account: "eq.someone@example.com",
      order: "at.desc,id.desc",
      limit: "10",
    });
    expect(result).toEqual([
      { id: 2, at: at + 1000, kind: "sign-in", account: "someone@example.com", actor: null, address: "203.0.113.7", userAgent: "curl/8.0", detail: "" },
      { id: 1, at, kind: "sign-in-failed", account: "someone@example.com", actor: null, address: "203.0.113.7", userAgent: "curl/8.0", detail: "" },
    ]);
    expect((await backendFor().events.list({ limit: 2 })).map((item) => item.id)).toEqual([3, 2]);
    // The next page starts after the last event of the one before (keyset: at, then id).
    const older = await step(() => backendFor().events.list({ before: { at: at + 1000, id: 2 }, limit: 2 }));
    expect(Object.fromEntries(new URL(older.requests[0]!.url, "http://double").searchParams)).toMatchObject({
      or: `(at.lt.${new Date(at + 1000).toISOString()},and(at.eq.${new Date(at + 1000).toISOString()},id.lt.2))`,
    });
    expect(older.result.map((item) => item.id)).toEqual([1]);
  });

  it("prune(): one DELETE with Prefer: count=exact, answering how many went", async () => {
    const { result, requests } = await step(() => backendFor().events.prune(at + 1));
    expect(result).toBe(1);
    expect(calls(requests)).toEqual(["rest.security_events.prune 204"]);
    expect(requests[0]!.credentials).toBe("service");
    expect(await backendFor().events.prune(at + 1)).toBe(0);
    expect((await double.table("security_events")).length).toBe(2);
  });
});
