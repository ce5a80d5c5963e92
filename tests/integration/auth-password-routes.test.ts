// The password-reset routes (/Forgetpassword, /Resetpassword), called the way React Router calls them, against a
// real D1, the real rate-limit bindings, the loopback fake EmailJS and the sample accounts: asking for a link, the
// limit on asking, and setting a new password with the e-mailed link.
import { env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readConfig } from "~/platform/core/config.server";
import { readFlashToast } from "~/request/toast.server";
import * as forgotPassword from "~/routes/auth/forgot-password";
import * as login from "~/routes/auth/login";
import * as resetPassword from "~/routes/auth/reset-password";
import { appContext } from "~/request/context.server";
import { ADMIN, authBrowser, cookieNames, INTERPRETER, INVALID_CREDENTIALS, TOO_MANY } from "./auth-helpers";
import { asResponse, backendFor, seed, startOfRateWindow, statusOf, unwrap } from "./helpers";
import { ORIGIN } from "./requests";

// The 10.178.x.x range is this file's own (the other auth route files have theirs).
const { freshIp, get, post } = authBrowser(178);

const passwordHashOf = async (email: string) =>
  (await env.DB.prepare("SELECT password_hash FROM accounts WHERE email = ?").bind(email).first<{ password_hash: string }>())!.password_hash;
const tokenRowsOf = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM password_reset_tokens t JOIN accounts a ON a.id = t.account_id WHERE a.email = ?")
    .bind(email)
    .first<{ n: number }>())!.n;

beforeAll(seed);
afterEach(() => vi.restoreAllMocks());

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
  // sample accounts the other auth tests sign in with.
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
