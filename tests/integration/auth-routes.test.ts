// The sign-in routes and the dashboard guards, called the way React Router calls them, against a real D1,
// the real rate-limit bindings, and the sample accounts.
import { env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readConfig } from "~/platform/core/config.server";
import { requireAdmin, requireUser, safeRedirectPath } from "~/request/guards.server";
import { readFlashToast } from "~/request/toast.server";
import * as forgotPassword from "~/routes/auth/forgot-password";
import * as login from "~/routes/auth/login";
import * as logout from "~/routes/auth/logout";
import * as resetPassword from "~/routes/auth/reset-password";
import * as callRoom from "~/routes/dashboard/call-room";
import * as calls from "~/routes/dashboard/incoming-calls";
import * as dashboardLayout from "~/routes/dashboard/layout";
import * as notFound from "~/routes/dashboard/not-found";
import * as overview from "~/routes/dashboard/overview";
import * as orders from "~/routes/dashboard/orders";
import * as jobs from "~/routes/dashboard/jobs";
import * as profile from "~/routes/dashboard/profile";
import { appContext } from "~/request/context.server";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { asResponse, backendFor, cookieOf, seed, startOfRateWindow, statusOf, thrown, unwrap } from "./helpers";
import { addressesIn, browser, ORIGIN, type RouteArgs } from "./requests";

const ADMIN = "admin@example.com";
const INTERPRETER = "interpreter@example.com";
const INVALID_CREDENTIALS = "Invalid email or password or user is not Authenticated";
const TOO_MANY = "Too many attempts from your network. Please wait a minute and try again.";

// Every test gets its own client address, so the rate limits (5 per 60 s per address) never leak between
// tests. The 10.77.x.x range is this file's own: the limiter's buckets may be shared with other files.
const freshIp = addressesIn(77);

/** Form POSTs as a browser without JavaScript sends them, each from a fresh address; GETs, optionally signed in. */
const { get, post } = browser({ addresses: freshIp });

const cookieNames = (response: Response) => response.headers.getSetCookie().map((c) => c.split("=")[0]);
const sessionCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions").first<{ n: number }>())!.n;
const passwordHashOf = async (email: string) =>
  (await env.DB.prepare("SELECT password_hash FROM accounts WHERE email = ?").bind(email).first<{ password_hash: string }>())!.password_hash;
const tokenRowsOf = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM password_reset_tokens t JOIN accounts a ON a.id = t.account_id WHERE a.email = ?")
    .bind(email)
    .first<{ n: number }>())!.n;

/**
 * The local rate limiter counts in fixed windows aligned to the minute. A test that needs N requests to
 * land in one window waits for a fresh window when the current one is about to end.
 */
beforeAll(seed);
afterEach(() => vi.restoreAllMocks());

/** The response as the worker sends it: the route's answer plus the backend's response headers (its cookies). */
function sentByWorker(response: Response, args: { context: Parameters<typeof appContext>[0] }): Response {
  const sent = new Response(null, response);
  for (const cookie of appContext(args.context).backend.responseHeaders.getSetCookie()) sent.headers.append("Set-Cookie", cookie);
  return sent;
}

describe("login action", () => {
  it("signs in: 302 to /Dashboard with the session cookie and the flash toast", async () => {
    const args = post("/Login", { email: ADMIN, password: SAMPLE_PASSWORD });
    const response = sentByWorker(asResponse(await login.action(args)), args);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/Dashboard");
    expect(cookieNames(response)).toEqual(expect.arrayContaining(["push-session", "push-toast"]));
    const session = response.headers.getSetCookie().find((c) => c.startsWith("push-session="))!;
    // The cookie it sets is a working session.
    expect(await backendFor(session.split(";")[0]).auth.currentUser()).toMatchObject({ email: ADMIN, role: "admin" });
    const toast = response.headers.getSetCookie().find((c) => c.startsWith("push-toast="))!;
    const flash = await readFlashToast(new Request(ORIGIN, { headers: { Cookie: toast.split(";")[0]! } }), readConfig(env));
    expect(flash.toast).toMatchObject({ type: "success" });
  });

  it("goes back to the page the guard sent from", async () => {
    const response = asResponse(await login.action(post("/Login", { email: ADMIN, password: SAMPLE_PASSWORD, redirectTo: "/Dashboard/Profile" })));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/Dashboard/Profile");
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "never redirects off the site (redirectTo=%s → /Dashboard)",
    async (redirectTo) => {
      const response = asResponse(await login.action(post("/Login", { email: ADMIN, password: SAMPLE_PASSWORD, redirectTo })));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/Dashboard");
    },
  );

  // "/.//evil.example" passes naive string checks; normalising the dot segment away leaves the
  // protocol-relative "//evil.example", which would send the browser off the site after sign-in.
  it("never redirects off the site through a dot segment (redirectTo=/.//evil.example → /Dashboard)", async () => {
    const response = asResponse(await login.action(post("/Login", { email: ADMIN, password: SAMPLE_PASSWORD, redirectTo: "/.//evil.example" })));
    expect(response.headers.get("Location")).toBe("/Dashboard");
  });

  it("a wrong password: 400, the form error, the email kept and the password not echoed", async () => {
    const before = await sessionCount();
    const result = await login.action(post("/Login", { email: ADMIN, password: "wrong-password", redirectTo: "/Dashboard" }));
    expect(statusOf(result)).toBe(400);
    const { data } = unwrap(result);
    expect(data.formError).toBe(INVALID_CREDENTIALS);
    expect(data.values.email).toBe(ADMIN);
    expect(data.values).not.toHaveProperty("password");
    expect(JSON.stringify(data)).not.toContain("wrong-password");
    expect(data.toast).toMatchObject({ type: "error", message: INVALID_CREDENTIALS });
    expect(await sessionCount()).toBe(before);
  });

  it("an unknown email and an account without a password get the same answer", async () => {
    for (const email of ["nobody@example.com", "linh.tran@example.com"]) {
      const result = await login.action(post("/Login", { email, password: SAMPLE_PASSWORD }));
      expect(statusOf(result)).toBe(400);
      expect(unwrap(result).data.formError).toBe(INVALID_CREDENTIALS);
    }
  });

  it("a missing email or password: 400 with field errors, and no session", async () => {
    const before = await sessionCount();
    for (const fields of [{}, { email: "", password: "" }, { email: "   " }] as Record<string, string>[]) {
      const result = await login.action(post("/Login", fields));
      expect(statusOf(result)).toBe(400);
      const { data } = unwrap(result);
      expect(data.errors.email).toBe("Please enter your email.");
      expect(data.errors.password).toBe("Please enter your password.");
    }
    const onlyPassword = unwrap(await login.action(post("/Login", { email: ADMIN }))).data;
    expect(onlyPassword.errors).toEqual({ password: "Please enter your password." });
    expect(await sessionCount()).toBe(before);
  });

  it("the login page sends an already signed-in user straight on, never off the site", async () => {
    const cookie = await cookieOf(ADMIN);
    const onward = asResponse(await thrown(() => login.loader(get("/Login?redirectTo=%2FDashboard%2FProfile", cookie))));
    expect(onward.headers.get("Location")).toBe("/Dashboard/Profile");
    const offsite = asResponse(await thrown(() => login.loader(get("/Login?redirectTo=%2F%2Fevil.example", cookie))));
    expect(offsite.headers.get("Location")).toBe("/Dashboard");
    expect(await login.loader(get("/Login?redirectTo=%2FDashboard"))).toEqual({ redirectTo: "/Dashboard" });
  });
});

describe("sign-in rate limit", () => {
  it("after 5 attempts from one address the 6th — even with the right password — gets 429 and no session", async () => {
    await startOfRateWindow();
    const ip = freshIp();
    // Five different addresses (the per-account throttle would lock one address after five failures).
    for (let attempt = 1; attempt <= 5; attempt++) {
      const result = await login.action(post("/Login", { email: `guess-${attempt}@example.com`, password: `wrong-${attempt}` }, undefined, { ip }));
      expect(statusOf(result), `attempt ${attempt}`).toBe(400);
    }
    const before = await sessionCount();
    const blocked = await login.action(post("/Login", { email: ADMIN, password: SAMPLE_PASSWORD }, undefined, { ip }));
    expect(statusOf(blocked)).toBe(429);
    const { data, headers } = unwrap(blocked);
    expect(headers.get("Retry-After")).toBe("60");
    expect(data.formError).toBe(TOO_MANY);
    expect(data.values.email).toBe(ADMIN);
    expect(data.values).not.toHaveProperty("password");
    expect(await sessionCount()).toBe(before);

    // Another address is not affected.
    const other = asResponse(await login.action(post("/Login", { email: ADMIN, password: SAMPLE_PASSWORD })));
    expect(other.status).toBe(302);
  }, 30_000);
});

describe("guards", () => {
  it("requireUser sends an anonymous visitor to sign in, remembering the page (without .data)", async () => {
    for (const path of ["/Dashboard/Profile", "/Dashboard/Profile.data"]) {
      const { url, context } = get(path);
      const redirect = asResponse(await thrown(() => requireUser({ url, context })));
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("Location")).toBe("/Login?redirectTo=%2FDashboard%2FProfile");
    }
    const { url, context } = get("/Dashboard/Orders?page=2");
    const redirect = asResponse(await thrown(() => requireUser({ url, context })));
    expect(redirect.headers.get("Location")).toBe(`/Login?${new URLSearchParams({ redirectTo: "/Dashboard/Orders?page=2" })}`);
  });

  it("requireAdmin: 403 for an interpreter, the user for an admin", async () => {
    const interpreter = get("/Dashboard/Orders", await cookieOf(INTERPRETER));
    const forbidden = await thrown(() => requireAdmin(interpreter));
    expect(forbidden).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });

    const admin = get("/Dashboard/Orders", await cookieOf(ADMIN));
    expect(await requireAdmin(admin)).toMatchObject({ email: ADMIN, role: "admin", profile: { fullName: "Amira Haddad" } });
  });

  it("safeRedirectPath keeps paths on this site and falls back to /Dashboard otherwise", () => {
    expect(safeRedirectPath("/Dashboard/Profile?x=1")).toBe("/Dashboard/Profile?x=1");
    for (const to of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", undefined, "", 42]) {
      expect(safeRedirectPath(to), String(to)).toBe("/Dashboard");
    }
  });

  // Each of these normalises to "//evil.example" (see the login action's test above).
  it("safeRedirectPath rejects a path that normalises to a protocol-relative URL", () => {
    for (const to of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/x/..//evil.example", "/./\\evil.example"]) {
      expect(safeRedirectPath(to), to).not.toMatch(/^\/\//);
    }
  });
});

describe("logout action", () => {
  it("an anonymous POST is sent to sign in", async () => {
    const redirect = asResponse(await thrown(() => logout.action(post("/Logout", {}))));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/Login?redirectTo=%2FLogout");
  });

  it("signs out: 302 to /Login, the session row is gone, and the cookie is cleared", async () => {
    const cookie = await cookieOf(INTERPRETER);
    const before = await sessionCount();
    const args = post("/Logout", {}, cookie);
    const response = sentByWorker(asResponse(await logout.action(args)), args);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/Login");
    expect(await sessionCount()).toBe(before - 1);
    expect(await backendFor(cookie).auth.currentUser()).toBeNull();
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("push-session="))!;
    expect(cleared).toMatch(/^push-session=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(cookieNames(response)).toContain("push-toast");
  });
});

describe("dashboard loaders", () => {
  type Page = { name: string; path: string; load: (args: RouteArgs) => unknown };
  const pages: Page[] = [
    { name: "layout", path: "/Dashboard", load: (args) => dashboardLayout.loader(args) },
    { name: "overview", path: "/Dashboard", load: (args) => overview.loader(args) },
    { name: "profile", path: "/Dashboard/Profile", load: (args) => profile.loader(args) },
    { name: "calls", path: "/Dashboard/Dashboardcall", load: (args) => calls.loader(args) },
    { name: "orders", path: "/Dashboard/Orders", load: (args) => orders.loader(args) },
    { name: "jobs", path: "/Dashboard/Jobs", load: (args) => jobs.loader(args) },
    { name: "not-found", path: "/Dashboard/nowhere", load: (args) => notFound.loader({ ...args, params: { "*": "nowhere" } }) },
    { name: "call-room", path: "/call-room/sample", load: (args) => callRoom.loader({ ...args, params: { roomId: "sample" } }) },
  ];
  let adminCookie = "";
  let interpreterCookie = "";
  beforeAll(async () => {
    adminCookie = await cookieOf(ADMIN);
    interpreterCookie = await cookieOf(INTERPRETER);
  });

  it("send an anonymous visitor to sign in", async () => {
    for (const page of pages) {
      const redirect = asResponse(await thrown(() => page.load(get(page.path))));
      expect(redirect.status, page.name).toBe(302);
      expect(redirect.headers.get("Location"), page.name).toBe(`/Login?${new URLSearchParams({ redirectTo: page.path })}`);
    }
  });

  it("give an interpreter every page but the admin-only orders list (403)", async () => {
    for (const page of pages) {
      const run = () => page.load(get(page.path, interpreterCookie));
      if (page.name === "orders") {
        expect(await thrown(run)).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
      } else {
        const value = await run();
        expect(value instanceof Response, page.name).toBe(false);
        expect(statusOf(value), page.name).toBe(page.name === "not-found" ? 404 : undefined);
      }
    }
    const { user } = (await dashboardLayout.loader(get("/Dashboard", interpreterCookie))) as { user: { role: string } };
    expect(user).toMatchObject({ email: INTERPRETER, role: "interpreter" });
  });

  it("give an admin every page", async () => {
    for (const page of pages) {
      const value = await page.load(get(page.path, adminCookie));
      expect(value instanceof Response, page.name).toBe(false);
      expect(statusOf(value), page.name).toBe(page.name === "not-found" ? 404 : undefined);
    }
    expect(await orders.loader(get("/Dashboard/Orders", adminCookie))).toMatchObject({ page: { ok: true, value: { total: 0, items: [] } } });
    expect(await callRoom.loader({ ...get("/call-room/sample", adminCookie), params: { roomId: "sample" } })).toMatchObject({
      call: { roomId: "sample" },
    });
  });

  it("profile returns the user and their languages", async () => {
    const admin = await profile.loader(get("/Dashboard/Profile", adminCookie));
    expect(admin.user).toMatchObject({ email: ADMIN, profile: { fullName: "Amira Haddad", department: "Operations" } });
    expect(admin.languages.ok && admin.languages.value.map((l) => l.name)).toEqual(["Arabic", "English", "French"]);
    expect(admin.toasts).toEqual([]);
    const interpreter = await profile.loader(get("/Dashboard/Profile", interpreterCookie));
    expect(interpreter.languages.ok && interpreter.languages.value.map((l) => l.name)).toEqual(["English", "Portuguese", "Spanish"]);
  });

  it("a call room without one of its parties' keys is a 403, signed in or not (issue 14); an unknown dashboard path answers 404", async () => {
    const missing = await thrown(() => callRoom.loader({ ...get("/call-room/nope", adminCookie), params: { roomId: "nope" } }));
    expect(statusOf(missing)).toBe(403);
    expect(statusOf(await notFound.loader({ ...get("/Dashboard/nowhere", interpreterCookie), params: { "*": "nowhere" } }))).toBe(404);
  });
});

describe("reset-password action", () => {
  it("a password shorter than 8 characters: 400 with a field error, the password unchanged", async () => {
    const { token } = (await backendFor().auth.requestPasswordReset(INTERPRETER))!;
    const hash = await passwordHashOf(INTERPRETER);
    const result = await resetPassword.action(post("/Resetpassword", { token, email: INTERPRETER, password: "short7!" }));
    expect(statusOf(result)).toBe(400);
    const { data } = unwrap(result);
    expect(data.errors.password).toBe("Use at least 8 characters.");
    expect(data.values).not.toHaveProperty("password");
    expect(await passwordHashOf(INTERPRETER)).toBe(hash);
  });

  it("a valid token with another email: 400 'Email not found', the password unchanged", async () => {
    const { token } = (await backendFor().auth.requestPasswordReset(INTERPRETER))!;
    const hash = await passwordHashOf(INTERPRETER);
    const result = await resetPassword.action(post("/Resetpassword", { token, email: ADMIN, password: "Long-Enough-Pass-1" }));
    expect(statusOf(result)).toBe(400);
    expect(unwrap(result).data.formError).toBe("Email not found");
    expect(await passwordHashOf(INTERPRETER)).toBe(hash);
  });

  it("an unknown token: 400 with the invalid-link message", async () => {
    const result = await resetPassword.action(post("/Resetpassword", { token: "bogus", email: INTERPRETER, password: "Long-Enough-Pass-1" }));
    expect(statusOf(result)).toBe(400);
    expect(unwrap(result).data.formError).toMatch(/invalid, has expired or has already been used/);
  });
});

describe("forgot-password action", () => {
  // Omar's sample account has no usable password: the reset flow gives him one without disturbing the
  // sample accounts the tests above sign in with.
  const OMAR = "omar.farah@example.com";

  it("answers a known and an unknown email alike, stores a token only for the known one, and limits to 5", async () => {
    await startOfRateWindow();
    vi.spyOn(console, "log").mockImplementation(() => {});
    const ip = freshIp();
    const allTokens = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM password_reset_tokens").first<{ n: number }>())!.n;
    const before = await allTokens();
    const known = await forgotPassword.action(post("/Forgetpassword", { email: OMAR }, undefined, { ip }));
    expect(await tokenRowsOf(OMAR)).toBe(1);
    expect(await allTokens()).toBe(before + 1);
    const unknown = await forgotPassword.action(post("/Forgetpassword", { email: "nobody@example.com" }, undefined, { ip }));
    expect(await allTokens()).toBe(before + 1);

    const answers = [asResponse(known), asResponse(unknown)];
    for (const response of answers) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/Forgetpassword");
      expect(cookieNames(response)).toEqual(["push-toast"]);
    }
    // The same flash message, and the same cookie attributes (only the signed value differs).
    const flashes = await Promise.all(
      answers.map(async (response) => {
        const setCookie = response.headers.getSetCookie()[0]!;
        const cookie = setCookie.split(";")[0]!;
        const { toast } = await readFlashToast(new Request(ORIGIN, { headers: { Cookie: cookie } }), readConfig(env));
        return { attributes: setCookie.slice(cookie.length).replace(/Expires=[^;]+/i, ""), type: toast?.type, message: toast?.message };
      }),
    );
    expect(flashes[0]).toEqual(flashes[1]);
    expect(flashes[0]!.type).toBe("success");

    for (let call = 3; call <= 5; call++) {
      expect(asResponse(await forgotPassword.action(post("/Forgetpassword", { email: "nobody@example.com" }, undefined, { ip }))).status).toBe(302);
    }
    const blocked = await forgotPassword.action(post("/Forgetpassword", { email: OMAR }, undefined, { ip }));
    expect(statusOf(blocked)).toBe(429);
    expect(unwrap(blocked).headers.get("Retry-After")).toBe("60");
    expect(unwrap(blocked).data.formError).toBe(TOO_MANY);
  }, 30_000);

  it("the e-mailed reset link resets the password: 302 to /Login, then the new password signs in", async () => {
    const args = post("/Forgetpassword", { email: OMAR.toUpperCase() });
    const answer = asResponse(await forgotPassword.action(args));
    expect(answer.status).toBe(302);
    await waitOnExecutionContext(appContext(args.context).cloudflare.ctx);

    // The e-mail went through EmailJS (the test's fake) with the reset template.
    const recorded = await (await fetch(`${env.EMAILJS_API_URL}/__requests?service=service_test`)).json<{ fields: Record<string, string> }[]>();
    // The newest one: an earlier test in this file asked for a link too (a new link replaces the old).
    const { fields } = recorded.filter((request) => request.fields.to_email === OMAR).at(-1)!;
    expect(fields).toMatchObject({ template_id: "template_reset", service_id: "service_test", to_email: OMAR, lib_version: "4.4.1" });
    const link = new URL(fields.reset_link!);
    expect(`${link.origin}${link.pathname}`).toBe("http://127.0.0.1:8787/Resetpassword");
    const token = link.searchParams.get("token")!;
    expect(token).toBeTruthy();
    expect(resetPassword.loader(get(`/Resetpassword${link.search}`))).toEqual({ token });

    const newPassword = "Omar-Fresh-Pass-2025";
    expect(unwrap(await login.action(post("/Login", { email: OMAR, password: newPassword }))).data.formError).toBe(INVALID_CREDENTIALS);
    const reset = asResponse(await resetPassword.action(post("/Resetpassword", { token, email: OMAR, password: newPassword })));
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/Login");
    expect(cookieNames(reset)).toContain("push-toast");

    const signedIn = asResponse(await login.action(post("/Login", { email: OMAR, password: newPassword })));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/Dashboard");

    // The link is single use.
    const again = await resetPassword.action(post("/Resetpassword", { token, email: OMAR, password: "Yet-Another-Pass-1" }));
    expect(statusOf(again)).toBe(400);
  });
});
