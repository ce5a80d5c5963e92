// SPEC §7 sign-in calls through the Supabase adapter: "Sign in with password", "Get the current auth session,
// then GET users where id equals the session user id", "Sign out" — and the session cookies of @supabase/ssr.
import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createRequestContext, routerContextFor } from "~/request/context.server";
import * as login from "~/routes/auth/login";
import {
  ADMIN,
  AUTH_COOKIE,
  backendFor,
  cookieHeader,
  cookieWithSession,
  double,
  fromBase64Url,
  INTERPRETER,
  NO_PASSWORD,
  ORIGIN,
  SAMPLE_PASSWORD,
  sessionOf,
  signIn,
  step,
  toBase64Url,
} from "./helpers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The first `n` shapes in order, the rest sorted (requests the adapter sends side by side arrive in any order). */
const afterFirst = (shapes: (string | null)[], n = 1) => [...shapes.slice(0, n), ...shapes.slice(n).sort()];

beforeAll(() => double.reset());

describe("signIn", () => {
  it("signs the sample admin in with the users row as the profile, and sets the session cookies", async () => {
    const backend = backendFor();
    const { result, shapes, requests } = await step(() => backend.auth.signIn({ email: ADMIN, password: SAMPLE_PASSWORD }));
    expect(result).toEqual({
      ok: true,
      user: {
        kind: "staff",
        id: expect.stringMatching(UUID),
        email: ADMIN,
        role: "admin",
        locale: "en",
        profile: { fullName: "Amira Haddad", email: ADMIN, phone: "+1 (307) 555-0100", gender: "Female", department: "Operations" },
      },
    });
    // The password grant with the anon key, the users row with the new session's access token (no row, no sign-in),
    // then the new session's device row with the service role (the worker's own table).
    expect(shapes).toEqual(["auth.token.password", "rest.users.me", "rest.session_devices.record"]);
    expect(requests.map((request) => request.credentials)).toEqual(["anon", "user", "service"]);

    const setCookies = backend.responseHeaders.getSetCookie();
    expect(setCookies.length).toBeGreaterThan(0);
    for (const setCookie of setCookies) {
      expect(setCookie).toMatch(new RegExp(`^${AUTH_COOKIE}(\\.\\d+)?=base64-`));
      expect(setCookie).toMatch(/;\s*HttpOnly/i);
      expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
      expect(setCookie).toMatch(/;\s*Path=\//);
      expect(setCookie).toMatch(/;\s*Max-Age=34560000/);
      expect(setCookie).not.toMatch(/;\s*Secure/i); // plain http on this origin
    }
    // @supabase/ssr asks that a response setting the session is never cached.
    expect(backend.responseHeaders.get("Cache-Control")).toBe("private, no-cache, no-store, must-revalidate, max-age=0");
    expect(backend.responseHeaders.get("Expires")).toBe("0");
    expect(backend.responseHeaders.get("Pragma")).toBe("no-cache");

    const session = sessionOf(cookieHeader(backend.responseHeaders));
    expect(session).toMatchObject({ token_type: "bearer", refresh_token: expect.any(String), user: { email: ADMIN } });
    const claims = JSON.parse(fromBase64Url(session.access_token.split(".")[1]!)) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: (result as { user: { id: string } }).user.id, role: "authenticated", email: ADMIN });
  });

  it("on HTTPS the session cookies are Secure", async () => {
    const backend = backendFor(undefined, "https://push.example/Login");
    await step(() => backend.auth.signIn({ email: ADMIN, password: SAMPLE_PASSWORD }));
    for (const setCookie of backend.responseHeaders.getSetCookie()) expect(setCookie).toMatch(/;\s*Secure/i);
  });

  it("signs an interpreter in with their department", async () => {
    const { result } = await step(() => backendFor().auth.signIn({ email: INTERPRETER, password: SAMPLE_PASSWORD }));
    expect(result).toMatchObject({ ok: true, user: { email: INTERPRETER, role: "interpreter", profile: { department: "Medical Interpreting" } } });
  });

  it("refuses a wrong password, an unknown address and an account without a usable password alike, setting no cookie", async () => {
    for (const [email, password] of [
      [ADMIN, "wrong-password"],
      ["nobody@example.com", SAMPLE_PASSWORD],
      [NO_PASSWORD, SAMPLE_PASSWORD],
    ] as const) {
      const backend = backendFor();
      const { result, requests } = await step(() => backend.auth.signIn({ email, password }));
      expect(result, email).toEqual({ ok: false, reason: "invalid-credentials" });
      // Supabase's own answer: 400 invalid_credentials.
      expect(requests.map(({ shape, status }) => ({ shape, status }))).toEqual([{ shape: "auth.token.password", status: 400 }]);
      expect(backend.responseHeaders.getSetCookie()).toEqual([]);
    }
  });
});

describe("currentUser", () => {
  it("with no cookie is null, without asking Supabase", async () => {
    const { result, requests } = await step(() => backendFor().auth.currentUser());
    expect(result).toBeNull();
    expect(requests).toEqual([]);
  });

  it("with the sign-in's cookies is that user, verified with GET /user, then the users row — once per request", async () => {
    const { cookie, user } = await signIn(INTERPRETER);
    const backend = backendFor(cookie);
    const { result, shapes } = await step(async () => [await backend.auth.currentUser(), await backend.auth.currentUser()]);
    expect(result[0]).toEqual(user);
    expect(result[1]).toBe(result[0]);
    // GET /user first; then, side by side, the users row and the session's device row (ended sessions have none).
    expect(afterFirst(shapes)).toEqual(["auth.user.get", "rest.session_devices.seen", "rest.users.me"]);
    expect(result[0]).toMatchObject({ email: INTERPRETER, role: "interpreter", profile: { fullName: "Daniel Reyes" } });
  });

  it("with a tampered access token in the cookie is null: Supabase refuses the token", async () => {
    const { cookie } = await signIn(ADMIN);
    const session = sessionOf(cookie);
    const [header, payload, signature] = session.access_token.split(".") as [string, string, string];
    const forged = { ...(JSON.parse(fromBase64Url(payload)) as Record<string, unknown>), email: "someone-else@example.com" };
    const tampered = cookieWithSession({ ...session, access_token: `${header}.${toBase64Url(JSON.stringify(forged))}.${signature}` });
    const { result, requests } = await step(() => backendFor(tampered).auth.currentUser());
    expect(result).toBeNull();
    expect(requests.map(({ shape, status }) => ({ shape, status }))).toEqual([{ shape: "auth.user.get", status: 403 }]);
  });

  it("with a cookie that is not a session at all is null", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined); // @supabase/ssr: "decoded to invalid JSON"
    try {
      const { result, requests } = await step(() => backendFor(`${AUTH_COOKIE}=base64-${toBase64Url("not json")}`).auth.currentUser());
      expect(result).toBeNull();
      expect(requests).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it("refreshes a session whose access token has expired, sets the new cookies, and the old refresh token works once", async () => {
    const { cookie } = await signIn(ADMIN);
    const stale = cookieWithSession({ ...sessionOf(cookie), expires_at: Math.floor(Date.now() / 1000) - 10 });
    const backend = backendFor(stale);
    const { result, shapes } = await step(() => backend.auth.currentUser());
    expect(result).toMatchObject({ email: ADMIN, role: "admin" });
    expect(afterFirst(shapes, 2)).toEqual(["auth.token.refresh", "auth.user.get", "rest.session_devices.seen", "rest.users.me"]);
    const renewed = sessionOf(cookieHeader(backend.responseHeaders));
    expect(renewed.refresh_token).not.toBe(sessionOf(cookie).refresh_token);
    expect(renewed.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(await backendFor(cookieHeader(backend.responseHeaders)).auth.currentUser()).toMatchObject({ email: ADMIN });

    // The stale cookie again: its refresh token is used up, so there is no user (auth-js logs the refusal).
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const again = await step(() => backendFor(stale).auth.currentUser()).finally(() => error.mockRestore());
    expect(again.result).toBeNull();
    expect(again.requests.map(({ shape, status }) => ({ shape, status }))).toEqual([{ shape: "auth.token.refresh", status: 400 }]);
  });

  it("at /Login, an account with no users row gets 'User is not authenticated properly' and no session, logged as a security event", async () => {
    await double.people([{ full_name: "Signed Up", email: "signed-up@example.com", password: "Signed-Up-Pass-1", usersRow: false }]);
    const request = new Request(`${ORIGIN}/Login`, {
      method: "POST",
      headers: { Origin: ORIGIN, "CF-Connecting-IP": "10.203.0.1", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "signed-up@example.com", password: "Signed-Up-Pass-1" }),
    });
    const requestContext = createRequestContext(request, env, createExecutionContext());
    const answer = (await login.action({ request, context: routerContextFor(requestContext), params: {}, url: new URL(request.url) } as never)) as {
      data: { formError: string };
      init: { status?: number } | null;
    };
    expect(answer.data.formError).toBe("User is not authenticated properly");
    expect(answer.init?.status ?? 200).toBe(400);
    const sessionCookies = requestContext.backend.responseHeaders.get("Set-Cookie") ?? "";
    expect(await backendFor(cookieHeader(requestContext.backend.responseHeaders)).auth.currentUser(), sessionCookies).toBeNull();
    const events = await double.table<{ kind: string; account: string | null; detail: string | null }>("security_events");
    expect(events.filter((event) => event.account === "signed-up@example.com")).toEqual([
      expect.objectContaining({ kind: "sign-in-failed", account: "signed-up@example.com", detail: "no-users-row" }),
    ]);
  });

  it("a customer's requester (no users row, a customer_people row) signs in as a customer of their organisation", async () => {
    await double.people([
      {
        full_name: "Rana Reception",
        email: "reception@clinic-a.example",
        password: "Requester-Pass-1",
        requesterOf: { organisation: "Clinic A", admin: true },
      },
    ]);
    const backend = backendFor();
    const { result, requests } = await step(() => backend.auth.signIn({ email: "reception@clinic-a.example", password: "Requester-Pass-1" }));
    expect(result).toEqual({
      ok: true,
      user: {
        kind: "customer",
        id: expect.stringMatching(UUID),
        email: "reception@clinic-a.example",
        locale: "en",
        fullName: "Rana Reception",
        organisationId: expect.any(Number),
        organisationName: "Clinic A",
        isOrganisationAdmin: true,
      },
    });
    expect(requests.map(({ shape, status }) => ({ shape, status }))).toEqual([
      { shape: "auth.token.password", status: 200 },
      { shape: "rest.users.me", status: 200 },
      { shape: "rest.customer_people.me", status: 200 },
      { shape: "rest.session_devices.record", status: 201 },
    ]);
    expect(await backendFor(cookieHeader(backend.responseHeaders)).auth.currentUser()).toMatchObject({ kind: "customer", organisationName: "Clinic A" });
  });

  it("an account with no users row is refused (no row, no role: issue 22), and the session Supabase opened is ended", async () => {
    await double.people([{ full_name: "Row Less", email: "rowless@example.com", password: "Row-Less-Pass-1", usersRow: false }]);
    const backend = backendFor();
    const { result, requests } = await step(() => backend.auth.signIn({ email: "rowless@example.com", password: "Row-Less-Pass-1" }));
    expect(result).toEqual({ ok: false, reason: "no-users-row" });
    expect(requests.map(({ shape, status }) => ({ shape, status }))).toEqual([
      { shape: "auth.token.password", status: 200 },
      { shape: "rest.users.me", status: 200 },
      { shape: "rest.customer_people.me", status: 200 },
      { shape: "auth.logout.local", status: 204 },
    ]);
    // The cookies @supabase/ssr already wrote name a session that is ended: they carry no user.
    expect(await backendFor(cookieHeader(backend.responseHeaders)).auth.currentUser()).toBeNull();
  });
});

describe("signOut", () => {
  it("ends the session and clears its cookies; the cookies then carry no user", async () => {
    const { cookie } = await signIn(ADMIN);
    const backend = backendFor(cookie);
    const { shapes, requests } = await step(() => backend.auth.signOut());
    // This browser only: the account's other sessions stay (scope=local); then this session's device row goes.
    expect(shapes).toEqual(["auth.logout.local", "rest.session_devices.end-one"]);
    expect(requests.map((request) => [request.status, request.credentials])).toEqual([
      [204, "user"],
      [204, "service"],
    ]);
    const cleared = backend.responseHeaders.getSetCookie();
    expect(cleared.length).toBeGreaterThan(0);
    for (const setCookie of cleared) expect(setCookie).toMatch(new RegExp(`^${AUTH_COOKIE}(\\.\\d+)?=;.*Max-Age=0`));
    const stale = backendFor(cookie);
    const after = await step(() => stale.auth.currentUser());
    expect(after.result).toBeNull();
    expect(after.requests.map(({ shape, status }) => ({ shape, status }))).toEqual([{ shape: "auth.user.get", status: 403 }]);
    // Supabase says the session no longer exists (session_not_found): the stale cookies are cleared too.
    expect(stale.responseHeaders.getSetCookie().length).toBeGreaterThan(0);
    for (const setCookie of stale.responseHeaders.getSetCookie()) expect(setCookie).toMatch(/=;.*Max-Age=0/);
  });

  it("without a session asks Supabase nothing", async () => {
    const { requests } = await step(() => backendFor().auth.signOut());
    expect(requests).toEqual([]);
  });
});
