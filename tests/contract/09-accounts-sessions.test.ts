// The device rows behind "Your sessions" through the Supabase adapter (issue 10, item 8): the row a sign-in
// records, currentUser reading (and now and then touching) it, the session list, signing out elsewhere and signing
// out — the exact requests each port call makes and the credentials they carry.
import { beforeAll, describe, expect, it } from "vitest";
import { pgTimestamp } from "../support/supabase-double/schema";
import { calls, deviceRow, devicesOf, LAPTOP, newPerson, PHONE, SIGNED_IN, sessionIdIn, signedInThen, signInOn } from "./accounts-helpers";
import { backendFor, cookieHeader, double, idOf, INTERPRETER, ORIGIN, SAMPLE_PASSWORD, step, who } from "./helpers";

beforeAll(() => double.reset());

describe("signIn records the new session's device", () => {
  it("a session_devices row keyed by the access token's session_id, with the browser and address, by the service role", async () => {
    const backend = backendFor(undefined, `${ORIGIN}/Login`, LAPTOP);
    const { result, requests } = await step(() => backend.auth.signIn({ email: INTERPRETER, password: SAMPLE_PASSWORD }));
    expect(result.ok).toBe(true);
    expect(who(requests)).toEqual(["auth.token.password anon", "rest.users.me user", "rest.session_devices.record service"]);
    const sessionId = sessionIdIn(cookieHeader(backend.responseHeaders));
    const row = await deviceRow(sessionId);
    expect(row).toEqual({
      session_id: sessionId,
      user_id: await idOf(INTERPRETER),
      user_agent: LAPTOP["User-Agent"],
      address: "203.0.113.7",
      created_at: expect.stringMatching(/\+00:00$/),
      last_seen_at: row?.created_at,
    });
    expect(Date.parse(row!.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("without a User-Agent or CF-Connecting-IP header, the row has neither", async () => {
    const backend = backendFor();
    await step(() => backend.auth.signIn({ email: INTERPRETER, password: SAMPLE_PASSWORD }));
    expect(await deviceRow(sessionIdIn(cookieHeader(backend.responseHeaders)))).toMatchObject({ user_agent: null, address: null });
  });
});

describe("currentUser reads the session's device row", () => {
  it("reads it each request (the service role), and writes last use only when it is over 5 minutes old", async () => {
    const cookie = await signInOn(LAPTOP, INTERPRETER);
    const sessionId = sessionIdIn(cookie);
    const before = (await deviceRow(sessionId))!;

    const fresh = await step(() => backendFor(cookie).auth.currentUser());
    expect(fresh.result).toMatchObject({ email: INTERPRETER });
    expect(calls(fresh.requests)[0]).toBe("auth.user.get 200");
    expect([...calls(fresh.requests)].sort()).toEqual(SIGNED_IN);
    const seen = fresh.requests.find((request) => request.shape === "rest.session_devices.seen")!;
    expect(seen.credentials).toBe("service");
    expect(new URL(seen.url, "http://double").searchParams.get("session_id")).toBe(`eq.${sessionId}`);
    expect((await deviceRow(sessionId))!.last_seen_at).toBe(before.last_seen_at);

    await double.patch("session_devices", { session_id: sessionId }, { last_seen_at: pgTimestamp(Date.now() - 10 * 60_000) });
    const stale = await step(() => backendFor(cookie).auth.currentUser());
    expect(calls(stale.requests)).toContain("rest.session_devices.touch 204");
    expect(stale.requests.find((request) => request.shape === "rest.session_devices.touch")!.credentials).toBe("service");
    expect(Date.parse((await deviceRow(sessionId))!.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("is null for a session whose row the worker deleted, though Supabase Auth still accepts it (a lock, then an unlock)", async () => {
    const person = await newPerson();
    const cookie = await signInOn(LAPTOP, person.email, person.password);
    expect(await backendFor().accounts.setLocked(person.id, true)).toMatchObject({ ok: true });
    expect(await backendFor().accounts.setLocked(person.id, false)).toMatchObject({ ok: true });
    const { result, requests } = await step(() => backendFor(cookie).auth.currentUser());
    expect(result).toBeNull();
    // Supabase Auth accepted the session (a ban ends none); only its missing row tells it was ended.
    expect([...calls(requests)].sort()).toEqual(["auth.user.get 200", "rest.session_devices.seen 200", "rest.users.me 200"]);
  });
});

describe("Your sessions", () => {
  it("sessions(): the account's device rows (the service role), this session first, then by last use; keys are no secrets", async () => {
    const person = await newPerson();
    const phone = await signInOn(PHONE, person.email, person.password);
    const laptop = await signInOn(LAPTOP, person.email, person.password);
    // The laptop last used 2 minutes ago, the phone "later" than now: the query lists the phone first, and this
    // request's session still comes first.
    await double.patch(
      "session_devices",
      { session_id: sessionIdIn(laptop) },
      { created_at: pgTimestamp(Date.now() - 3 * 60_000), last_seen_at: pgTimestamp(Date.now() - 2 * 60_000) },
    );
    await double.patch("session_devices", { session_id: sessionIdIn(phone) }, { last_seen_at: pgTimestamp(Date.now() + 60_000) });

    const { result, requests } = await step(() => backendFor(laptop, undefined, LAPTOP).auth.sessions());
    const [signedIn, then] = signedInThen(requests);
    expect(signedIn).toEqual(SIGNED_IN);
    expect(then).toEqual(["rest.session_devices.list 200"]);
    expect(requests.at(-1)!.credentials).toBe("service");
    expect(result).toEqual([
      expect.objectContaining({ current: true, userAgent: LAPTOP["User-Agent"], address: "203.0.113.7" }),
      expect.objectContaining({ current: false, userAgent: PHONE["User-Agent"], address: expect.stringMatching(/^2001:db8:/) }),
    ]);
    // The laptop's "last used" was 2 minutes ago: too recent to be written again.
    expect(result[0]!.lastUsedAt).toBeLessThan(Date.now() - 60_000);
    for (const session of result) {
      expect(session.key).toMatch(/^[0-9a-f]{12}$/);
      expect(session.signedInAt).toBeLessThanOrEqual(session.lastUsedAt);
      expect(laptop + phone + sessionIdIn(laptop) + sessionIdIn(phone)).not.toContain(session.key);
    }
  });

  it("signOutOthers(): Supabase Auth's logout scope=others with the user's token, then the other device rows, counted", async () => {
    const person = await newPerson();
    const phone = await signInOn(PHONE, person.email, person.password);
    const tablet = await signInOn(PHONE, person.email, person.password);
    const laptop = await signInOn(LAPTOP, person.email, person.password);

    const { result, requests } = await step(() => backendFor(laptop).auth.signOutOthers());
    expect(result).toBe(2);
    const [signedIn, then] = signedInThen(requests);
    expect(signedIn).toEqual(SIGNED_IN);
    expect(then).toEqual(["auth.logout.others 204", "rest.session_devices.end-others 200"]);
    expect(who(requests.slice(3))).toEqual(["auth.logout.others user", "rest.session_devices.end-others service"]);

    expect((await devicesOf(person.id)).map((row) => row.session_id)).toEqual([sessionIdIn(laptop)]);
    expect(await backendFor(phone).auth.currentUser()).toBeNull();
    expect(await backendFor(tablet).auth.currentUser()).toBeNull();
    expect(await backendFor(laptop).auth.currentUser()).toMatchObject({ email: person.email });
    expect((await step(() => backendFor(laptop).auth.signOutOthers())).result).toBe(0);
  });

  it("signOut() ends this session and deletes only its device row", async () => {
    const person = await newPerson();
    const phone = await signInOn(PHONE, person.email, person.password);
    const laptop = await signInOn(LAPTOP, person.email, person.password);
    const { requests } = await step(() => backendFor(phone).auth.signOut());
    expect(who(requests)).toEqual(["auth.logout.local user", "rest.session_devices.end-one service"]);
    expect((await devicesOf(person.id)).map((row) => row.session_id)).toEqual([sessionIdIn(laptop)]);
  });

  it("without a session: no sessions, none ended, and no password change — asking Supabase nothing", async () => {
    const { result, requests } = await step(async () => {
      const backend = backendFor();
      return [
        await backend.auth.sessions(),
        await backend.auth.signOutOthers(),
        await backend.auth.changePassword({ currentPassword: "a-password-1", newPassword: "b-password-2" }),
      ];
    });
    expect(result).toEqual([[], 0, { ok: false, reason: "signed-out" }]);
    expect(requests).toEqual([]);
  });
});
