// What the worker checks before any route runs: body size and type, who the client is for rate limits, the
// transport (HTTPS and Secure cookies), the private-area headers, and the media route's answer to broken paths.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { clientKey } from "~/platform/core/client-key.server";
import { readConfig } from "~/platform/core/config.server";
import { withSecurityHeaders } from "~/platform/http/security-headers.server";
import { flashToastHeaders } from "~/request/toast.server";
import { formText } from "~/platform/page/form-text";
import { admitRequest, FORM_BODY_LIMIT } from "../../workers/request-admission";
import { serveMedia } from "../../workers/media";
import { seed, startOfRateWindow } from "./helpers";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** A body stream of `bytes` bytes that counts how much of it was pulled. */
function countedBody(bytes: number) {
  const pulled = { bytes: 0 };
  const chunk = new TextEncoder().encode("a".repeat(8192));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= bytes) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

afterEach(() => vi.restoreAllMocks());

describe("request bodies are admitted before any route reads them", () => {
  it("refuses an announced body over 64 KB with 413 without reading any of it", async () => {
    const { stream, pulled } = countedBody(10 * 1024 * 1024);
    const request = new Request("https://push.example/Login", {
      method: "POST",
      headers: { ...FORM, "Content-Length": String(10 * 1024 * 1024) },
      body: stream,
    });
    const admission = await admitRequest(request);
    expect(admission).toMatchObject({ ok: false, status: 413, reason: "too-large", limit: FORM_BODY_LIMIT });
    expect(pulled.bytes).toBeLessThanOrEqual(8192); // at most what the stream had buffered
  });

  it("counts an unannounced body and stops reading just past the limit", async () => {
    const { stream, pulled } = countedBody(10 * 1024 * 1024);
    const admission = await admitRequest(new Request("https://push.example/api/contact", { method: "POST", headers: FORM, body: stream }));
    expect(admission).toMatchObject({ ok: false, status: 413 });
    expect(pulled.bytes).toBeLessThan(FORM_BODY_LIMIT + 3 * 8192);
  });

  it("refuses a body larger than its Content-Length claims", async () => {
    const { stream } = countedBody(200 * 1024);
    const request = new Request("http://127.0.0.1/Login", { method: "POST", headers: { ...FORM, "Content-Length": "100" }, body: stream });
    expect(await admitRequest(request)).toMatchObject({ ok: false, status: 413 });
  });

  it("passes a form of exactly 64 KB on, readable, and one byte more is refused", async () => {
    const field = "message=";
    const exact = field + "b".repeat(FORM_BODY_LIMIT - field.length);
    const admitted = await admitRequest(new Request("http://127.0.0.1/api/contact", { method: "POST", headers: FORM, body: exact }));
    expect(admitted.ok).toBe(true);
    if (admitted.ok) expect(formText(await admitted.request.formData(), "message").length).toBe(FORM_BODY_LIMIT - field.length);
    const over = await admitRequest(new Request("http://127.0.0.1/api/contact", { method: "POST", headers: FORM, body: exact + "b" }));
    expect(over).toMatchObject({ ok: false, status: 413 });
  });

  it("refuses what is not a form with 415 (JSON, plain text, no type) and an unreadable multipart body with 400", async () => {
    for (const type of ["application/json", "text/plain", null]) {
      const headers = type ? { "Content-Type": type } : undefined;
      const request = new Request("http://127.0.0.1/Login", { method: "POST", headers, body: '{"email":"a@b.c"}' });
      expect(await admitRequest(request), String(type)).toMatchObject({ ok: false, status: 415, reason: "not-a-form" });
    }
    const broken = new Request("http://127.0.0.1/Login", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
      body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nno closing boundary',
    });
    expect(await admitRequest(broken)).toMatchObject({ ok: false, status: 400, reason: "unreadable" });
  });

  it("lets GET requests through untouched", async () => {
    const request = new Request("http://127.0.0.1/Services");
    expect(await admitRequest(request)).toEqual({ ok: true, request });
  });
});

describe("rate-limit keys", () => {
  const key = (ip: string | null, headers: Record<string, string> = {}) =>
    clientKey(new Request("http://127.0.0.1/Login", { headers: { ...(ip ? { "CF-Connecting-IP": ip } : {}), ...headers } }));

  it("IPv4 as is; IPv6 by its /64, however it is written", async () => {
    expect(await key("203.0.113.7")).toBe("ip4:203.0.113.7");
    const sameNetwork = await Promise.all(["2001:db8:1:2::1", "2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2:0:0:0:2"].map((ip) => key(ip)));
    expect(new Set(sameNetwork)).toEqual(new Set(["ip6:2001:db8:1:2::/64"]));
    expect(await key("2001:db8:1:3::1")).toBe("ip6:2001:db8:1:3::/64");
    expect(await key("::ffff:198.51.100.4")).toBe("ip4:198.51.100.4");
  });

  it("without the header, clients are told apart (not one shared bucket), and it is logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await key(null, { "User-Agent": "Browser A" });
    const second = await key(null, { "User-Agent": "Browser B" });
    expect(first).toMatch(/^agent:[0-9a-f]{24}$/);
    expect(second).not.toBe(first);
    expect(await key("not an address", { "User-Agent": "Browser A" })).toBe(first);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("No CF-Connecting-IP on /Login"));
  });

  it("all addresses of one /64 share one sign-in limit", async () => {
    await startOfRateWindow();
    const network = `2001:db8:77:${crypto.getRandomValues(new Uint16Array(1))[0]!.toString(16)}`;
    let allowed = 0;
    for (let host = 1; host <= 8; host++) {
      const request = new Request("http://127.0.0.1/Login", { headers: { "CF-Connecting-IP": `${network}::${host}` } });
      const { success } = await env.SIGN_IN_LIMITER.limit({ key: await clientKey(request) });
      if (success) allowed++;
    }
    expect(allowed).toBeLessThanOrEqual(5);
  });
});

describe("transport", () => {
  const config = () => readConfig(env);

  it("cookies on any host but this machine are Secure, the session's with __Host-, even over plain HTTP", async () => {
    await seed();
    for (const url of ["http://push.example/Login", "https://push.example/Login"]) {
      const toast = (await flashToastHeaders(new Request(url), config(), { message: "Hi" })).get("Set-Cookie")!;
      expect(toast, url).toMatch(/^__Host-push-toast=.*Secure/i);
      const backend = createD1Backend({ env, request: new Request(url), sessionSecret: env.SESSION_SECRET });
      expect((await backend.auth.signIn({ email: "admin@example.com", password: SAMPLE_PASSWORD })).ok).toBe(true);
      expect(backend.responseHeaders.get("Set-Cookie"), url).toMatch(/^__Host-push-session=.*Secure/i);
    }
    const local = (await flashToastHeaders(new Request("http://127.0.0.1:8787/"), config(), { message: "Hi" })).get("Set-Cookie")!;
    expect(local).toMatch(/^push-toast=/);
  });

  it("an encoded path to the dashboard is treated as the dashboard: no-store, noindex", () => {
    for (const path of ["/%44ashboard/Profile", "/dashboard//Profile", "/%64ashboard.data", "/Call-Room/sample"]) {
      const response = new Response("<!doctype html>", { headers: { "Content-Type": "text/html" } });
      const { headers } = withSecurityHeaders(response, { nonce: "n", request: new Request(`https://push.example${path}`) });
      expect(headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(headers.get("X-Robots-Tag"), path).toBe("noindex, nofollow");
    }
  });
});

describe("the media route", () => {
  it("answers 400 to a broken %-escape, 404 to a file that is not there", async () => {
    const broken = await serveMedia(new Request("http://127.0.0.1/media/Home/%E0%A4%A"), env.MEDIA);
    expect(broken.status).toBe(400);
    const missing = await serveMedia(new Request("http://127.0.0.1/media/Home/nothing.webp"), env.MEDIA);
    expect(missing.status).toBe(404);
  });
});
