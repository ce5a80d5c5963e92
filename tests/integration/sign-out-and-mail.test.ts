// Two failure paths of signing in and out that a user would notice: a sign-out the server cannot complete
// (SPEC §8, the Arabic message), and where a reset link goes when no mail provider is configured.
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { specArabic as ar } from "~/i18n";
import { readConfig } from "~/platform/core/config.server";
import { sendPasswordResetLink } from "~/features/accounts/reset-link-mail.server";
import { readFlashToast } from "~/request/toast.server";
import * as logout from "~/routes/auth/logout";
import { cookieOf, seed } from "./helpers";
import { ORIGIN, routeArgs } from "./requests";

describe("sign-out that fails on the server", () => {
  beforeAll(seed);
  afterEach(() => vi.restoreAllMocks());

  it("keeps the user signed in, goes back to the dashboard and says so in Arabic", async () => {
    const cookie = await cookieOf("admin@example.com");
    // The session row cannot be deleted: the server cannot end the session.
    await env.DB.prepare("CREATE TRIGGER sessions_outage BEFORE DELETE ON sessions BEGIN SELECT RAISE(ABORT, 'simulated outage'); END").run();
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await logout.action(routeArgs("/Logout", { method: "POST", headers: { Cookie: cookie } }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/Dashboard");
      const setCookies = response.headers.getSetCookie();
      // The session cookie is not cleared (the session still exists), only the flash toast is set.
      expect(setCookies.some((value) => value.startsWith("push-session="))).toBe(false);
      const flash = setCookies.find((value) => value.startsWith("push-toast="))!.split(";")[0]!;
      const { toast } = await readFlashToast(new Request(ORIGIN, { headers: { Cookie: flash } }), readConfig(env));
      expect(toast).toMatchObject({ type: "error", message: ar.dashboard.signOutError });
      expect(toast?.message).toBe("حدث خطأ أثناء تسجيل الخروج");
    } finally {
      await env.DB.prepare("DROP TRIGGER sessions_outage").run();
    }
  });
});

describe("password-reset link without a mail provider", () => {
  const noMailProvider = { ...readConfig(env), emailjs: null };
  afterEach(() => vi.restoreAllMocks());

  it("is printed to the log when the site runs on this machine", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const link = "http://127.0.0.1:5173/Resetpassword?token=abc";
    await sendPasswordResetLink({ request: new Request("http://127.0.0.1:5173/Forgetpassword"), config: noMailProvider, email: "a@example.com", link });
    expect(log).toHaveBeenCalledWith(expect.stringContaining(link));
  });

  it("is never written to the log of a deployed site", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const link = "https://push.example/Resetpassword?token=secret-token";
    await sendPasswordResetLink({ request: new Request("https://push.example/Forgetpassword"), config: noMailProvider, email: "a@example.com", link });
    const written = [...log.mock.calls, ...warn.mock.calls].flat().join(" ");
    expect(written).not.toContain("secret-token");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("no mail provider is configured"));
  });
});
