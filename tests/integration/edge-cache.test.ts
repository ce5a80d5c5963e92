// The edge cache of the public pages (docs/decisions/0014), with the real Workers Cache API, the real home loader
// and a D1 database that counts the reads of the content tables.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { createRequestContext, routerContextFor } from "~/request/context.server";
import { edgeCacheable, purgePublicPages, serveWithEdgeCache } from "~/platform/http/edge-cache.server";
import { withSecurityHeaders } from "~/platform/http/security-headers.server";
import { loader as homeLoader } from "~/routes/public/home";
import { cookieOf, seed, unwrap } from "./helpers";
import { ORIGIN } from "./requests";

const CONTENT_TABLES = /\b(company|services|about)\b/i;
let contentReads = 0;

/** The DB binding, counting every statement prepared against a content table. */
const countingDb = new Proxy(env.DB, {
  get(target, property) {
    if (property === "prepare") {
      return (sql: string) => {
        if (CONTENT_TABLES.test(sql)) contentReads += 1;
        return target.prepare(sql);
      };
    }
    const value: unknown = Reflect.get(target, property);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
});
const countingEnv = { ...env, DB: countingDb };

const INLINE_SCRIPT = "document.documentElement.dataset.enhanced='1'";

/** GET `path` through the edge cache; the page is the real home loader's company title, with one inline script. */
async function get(path: string, headers: HeadersInit = {}) {
  const readsBefore = contentReads;
  const request = new Request(new URL(path, ORIGIN), { headers });
  const ctx = createExecutionContext();
  const response = await serveWithEdgeCache(request, {
    build: "test-build",
    render: async () => {
      const app = createRequestContext(request, countingEnv, ctx);
      const { data, headers: loaderHeaders } = unwrap(
        await homeLoader({ request, context: routerContextFor(app), params: {}, url: new URL(request.url), pattern: "/" }),
      );
      const title = data.company.ok ? data.company.value?.title : "(failed)";
      const html = `<!doctype html><html><body><h1>${title}</h1><script nonce="${app.nonce}">${INLINE_SCRIPT}</script></body></html>`;
      const page = new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": loaderHeaders.get("Cache-Control")! } });
      return { response: page, nonce: app.nonce };
    },
    secure: (response, scripts) => withSecurityHeaders(response, { ...scripts, request }),
    waitUntil: (promise) => ctx.waitUntil(promise),
  });
  const body = await response.text();
  await waitOnExecutionContext(ctx); // the cache write finishes before the next request, as it would in production
  return { status: response.status, headers: response.headers, body, cache: response.headers.get("X-Edge-Cache"), reads: contentReads - readsBefore };
}

/** Two requests for `path`: the first rendered (one read of the content tables), the second a hit of the cache (none). */
async function missThenHit(path: string) {
  const miss = await get(path);
  const hit = await get(path);
  expect([miss.cache, miss.reads, hit.cache, hit.reads]).toEqual(["MISS", 1, "HIT", 0]);
  return { miss, hit };
}

async function sha256(text: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

beforeAll(seed);
beforeEach(() => purgePublicPages(ORIGIN));

describe("edge cache of the public pages", () => {
  it("serves a hit without reading any content table, with a hash-based CSP and no nonce in the page", async () => {
    const { miss: first, hit: second } = await missThenHit("/");
    expect(first.body).toContain("<h1>PUSH</h1>");
    expect(second.body).toBe(first.body);
    expect(second.body).not.toContain("nonce=");
    const csp = second.headers.get("Content-Security-Policy")!;
    expect(csp).toContain(`script-src 'sha256-${await sha256(INLINE_SCRIPT)}' 'strict-dynamic'`);
    expect(csp).not.toContain("nonce");
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    // Browsers always ask again; only shared caches keep the page, for at most a minute.
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    expect(second.headers.has("X-Push-Build")).toBe(false);
  });

  it("after a studio save and purge, the next request reads once and shows the new text", async () => {
    await get("/");
    const backend = createD1Backend({ env, request: new Request(ORIGIN), sessionSecret: env.SESSION_SECRET });
    const company = (await backend.studio.company())!;
    const saved = await backend.studio.save("company", company.id, { ...company.fields, title: "PUSH Languages" }, company.version, "admin@example.com");
    expect(saved.ok).toBe(true);
    await purgePublicPages(ORIGIN);

    const { miss: next } = await missThenHit("/");
    expect(next.body).toContain("<h1>PUSH Languages</h1>");
    await backend.studio.save("company", company.id, company.fields, company.version + 1, "admin@example.com");
  });

  it("renders for the sender alone a request with a session, a flash toast, another cookie or a query", async () => {
    await get("/");
    const session = await cookieOf("admin@example.com");
    for (const headers of [{ Cookie: session }, { Cookie: "push-toast=abc" }, { Cookie: "theme=dark" }]) {
      const response = await get("/", headers);
      expect([response.cache, response.reads]).toEqual(["BYPASS", 1]);
    }
    expect((await get("/?utm_source=x")).headers.get("X-Edge-Cache")).toBe("BYPASS");
    // The trusted-device cookie changes nothing on a public page: still a hit.
    expect((await get("/", { Cookie: "push-device=abc" })).headers.get("X-Edge-Cache")).toBe("HIT");
  });

  it("keeps only the public pages, exactly as linked, and never the dashboard", () => {
    const cacheable = (path: string, init?: RequestInit) => edgeCacheable(new Request(new URL(path, ORIGIN), init));
    for (const path of ["/", "/Services", "/Aboutus", "/Contactus", "/Privacy", "/Terms", "/sitemap.xml"]) expect(cacheable(path)).toBe(true);
    for (const path of ["/Dashboard", "/Dashboard/Website", "/services", "/Services.data", "/Login", "/media/Home/homecover.webp"]) {
      expect(cacheable(path)).toBe(false);
    }
    expect(cacheable("/", { method: "HEAD" })).toBe(false);
    expect(cacheable("/", { headers: { Authorization: "Bearer x" } })).toBe(false);
  });
});
