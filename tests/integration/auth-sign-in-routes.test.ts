// The sign-in and sign-out routes (/Login, /Logout), called the way React Router calls them, against a real D1,
// the real rate-limit bindings, and the sample accounts: signing in, where it goes next, the limit on attempts
// from one address, and signing out.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "~/platform/core/config.server";
import { readFlashToast } from "~/request/toast.server";
import * as login from "~/routes/auth/login";
import * as logout from "~/routes/auth/logout";
import { appContext } from "~/request/context.server";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { ADMIN, authBrowser, cookieNames, INTERPRETER, INVALID_CREDENTIALS, TOO_MANY } from "./auth-helpers";
import { asResponse, backendFor, cookieOf, seed, startOfRateWindow, statusOf, thrown, unwrap } from "./helpers";
import { ORIGIN } from "./requests";

// The 10.77.x.x range is this file's own (the other auth route files have theirs).
const { freshIp, get, post } = authBrowser(77);

const sessionCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions").first<{ n: number }>())!.n;

beforeAll(seed);

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
