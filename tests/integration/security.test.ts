// Headers on every response, the flash-toast cookie, and password hashing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/backend/d1/password.server";
import { readConfig } from "~/platform/core/config.server";
import { withSecurityHeaders } from "~/platform/http/security-headers.server";
import { flashToastHeaders, readFlashToast } from "~/request/toast.server";

const html = (headers: HeadersInit = {}) => new Response("<!doctype html>", { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

describe("security headers", () => {
  const request = new Request("https://push.example/");

  it("gives HTML a CSP with the request's nonce and the other headers", () => {
    const { headers } = withSecurityHeaders(html(), { nonce: "abc123", request });
    const csp = headers.get("Content-Security-Policy")!;
    expect(csp).toContain("script-src 'nonce-abc123' 'strict-dynamic'");
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "upgrade-insecure-requests"]) {
      expect(csp).toContain(directive);
    }
    expect(headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8}/);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Permissions-Policy")).toContain("camera=()");
  });

  it("lets forms lead to this site only, unless the page names another origin (an invoice's Pay now, to Stripe)", () => {
    const directive = (formOrigins?: string[]) =>
      withSecurityHeaders(html(), { nonce: "n", request, formOrigins })
        .headers.get("Content-Security-Policy")!
        .split("; ")
        .find((part) => part.startsWith("form-action"));
    expect(directive()).toBe("form-action 'self'");
    expect(directive(["https://checkout.stripe.com"])).toBe("form-action 'self' https://checkout.stripe.com");
  });

  it("never lets a shared cache keep a response that sets a cookie", () => {
    const response = html({ "Cache-Control": "public, s-maxage=300", "Set-Cookie": "a=b" });
    expect(withSecurityHeaders(response, { nonce: "n", request }).headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("keeps a route's Cache-Control and defaults to private otherwise", () => {
    expect(withSecurityHeaders(html({ "Cache-Control": "public, s-maxage=300" }), { nonce: "n", request }).headers.get("Cache-Control")).toBe(
      "public, s-maxage=300",
    );
    expect(withSecurityHeaders(html(), { nonce: "n", request }).headers.get("Cache-Control")).toBe("private, no-cache");
  });
});

describe("flash toast cookie", () => {
  const config = readConfig(env);

  it("carries one toast to the next request, then clears itself", async () => {
    const request = new Request("https://push.example/Login");
    const setCookie = (await flashToastHeaders(request, config, { type: "success", message: "Saved!" })).get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__Host-push-toast=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const cookie = setCookie.split(";")[0]!;
    const next = await readFlashToast(new Request("https://push.example/", { headers: { Cookie: cookie } }), config);
    expect(next.toast).toMatchObject({ type: "success", message: "Saved!" });
    expect(next.headers?.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it("is not Secure and has no __Host- prefix on plain-HTTP local development", async () => {
    const setCookie = (await flashToastHeaders(new Request("http://127.0.0.1:5173/"), config, { message: "Hi" })).get("Set-Cookie")!;
    expect(setCookie).toMatch(/^push-toast=/);
    expect(setCookie).not.toMatch(/Secure/i);
  });

  it("ignores a tampered cookie", async () => {
    const request = new Request("https://push.example/", { headers: { Cookie: "__Host-push-toast=eyJ0b2FzdCI6ImhpIn0%3D.forged" } });
    expect((await readFlashToast(request, config)).toast).toBeNull();
  });
});

describe("password hashes", () => {
  it("verify the right password only, with a fresh salt per hash", async () => {
    const first = await hashPassword("ChangeMe-2025!");
    const second = await hashPassword("ChangeMe-2025!");
    expect(first).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("ChangeMe-2025!", first)).toBe(true);
    expect(await verifyPassword("changeme-2025!", first)).toBe(false);
  });

  it("never match a disabled or malformed hash", async () => {
    for (const stored of ["disabled", "", "pbkdf2-sha256$0$AA==$AA==", "md5$1$a$b"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });
});
