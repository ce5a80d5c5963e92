// The edge cache of the public pages (docs/decisions/0014-edge-cache-for-public-pages.md): the worker keeps a
// rendered public page in the Workers Cache API of the data centre that served it, for at most EDGE_TTL_SECONDS.
// A hit reads nothing from the backend. A studio save deletes the pages from the cache of the data centre it ran
// in (the editor sees the change on the next request); every other data centre renders afresh once its copy
// expires, so no visitor anywhere sees a page older than EDGE_TTL_SECONDS after a save.

/** The pages kept, in the spec's spelling. Anything else (other spellings, ?open=…, .data) is rendered each time. */
const PUBLIC_PAGES = ["/", "/Services", "/Aboutus", "/Contactus", "/Privacy", "/Terms"] as const;
/** The public pages in both languages (the Arabic ones under /ar, app/platform/page/locale.ts), and the sitemap. */
export const EDGE_CACHED_PATHS = [...PUBLIC_PAGES, ...PUBLIC_PAGES.map((path) => (path === "/" ? "/ar" : `/ar${path}`)), "/sitemap.xml"] as const;

/** How long a data centre may serve its copy: the bound on how stale a page can be after a save, anywhere. */
export const EDGE_TTL_SECONDS = 60;

/** Cookies that change nothing on a public page (the trusted-device cookie of sign-in throttling). */
const NEUTRAL_COOKIE = /^(__Host-)?push-device$/;

export type EdgeCacheStatus = "HIT" | "MISS" | "BYPASS";

/** Headers kept with the stored copy only; never sent to a visitor. */
const BUILD_HEADER = "X-Push-Build";
const HASHES_HEADER = "X-Push-Script-Hashes";
const CACHE_CONTROL_HEADER = "X-Push-Cache-Control";

/**
 * Only an anonymous GET of one of the pages, exactly as linked, comes from the cache. A session, a flash toast or any
 * cookie we do not know could change what the page shows, so such a request is rendered for its sender alone.
 */
export function edgeCacheable(request: Request): boolean {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.search !== "" || request.headers.has("Authorization")) return false;
  if (!(EDGE_CACHED_PATHS as readonly string[]).includes(url.pathname)) return false;
  return cookieNames(request.headers.get("Cookie")).every((name) => NEUTRAL_COOKIE.test(name));
}

function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter(Boolean);
}

/** The Workers Cache API's cache of this data centre (the DOM typings of `caches` lack `default`). */
function dataCentreCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

function cacheKey(origin: string, path: string): Request {
  return new Request(`${origin}${path}`, { method: "GET" });
}

/** What a render answers: the response before security headers, and the nonce its inline scripts carry. */
export type RenderedPage = { response: Response; nonce: string };

/** Adds the security headers: with the nonce on a fresh render, with script hashes on a copy that may be shared. */
export type Secure = (response: Response, scripts: { nonce: string } | { scriptHashes: string[] }) => Response;

type Options = {
  /** The build's asset version: a copy rendered by another deploy (other asset URLs) is never served. */
  build: string;
  render: () => Promise<RenderedPage>;
  secure: Secure;
  waitUntil: (promise: Promise<unknown>) => void;
  cache?: Cache;
};

export async function serveWithEdgeCache(request: Request, { build, render, secure, waitUntil, cache = dataCentreCache() }: Options) {
  if (!edgeCacheable(request)) {
    const { response, nonce } = await render();
    return marked(secure(response, { nonce }), "BYPASS");
  }
  const url = new URL(request.url);
  const key = cacheKey(url.origin, url.pathname);
  const hit = await cache.match(key);
  if (hit && hit.headers.get(BUILD_HEADER) === build) return marked(secure(visitorCopy(hit), { scriptHashes: hashesOf(hit) }), "HIT");

  const { response, nonce } = await render();
  if (!storable(response)) return marked(secure(response, { nonce }), "MISS");
  const rendered = await response.text();
  const scripts = inlineScripts(rendered);
  // A page that loads a script file cannot be allowed by hashes alone: it is sent as rendered, never stored.
  if (scripts === null) return marked(secure(new Response(rendered, response), { nonce }), "MISS");
  // A shared copy must not carry one visitor's nonce (it would no longer be secret); the hashes allow its scripts.
  const html = rendered.replaceAll(` nonce="${nonce}"`, "");
  const scriptHashes = await Promise.all(scripts.map(sha256Base64));

  const stored = new Response(html, response);
  stored.headers.set(BUILD_HEADER, build);
  stored.headers.set(HASHES_HEADER, scriptHashes.join(" "));
  stored.headers.set(CACHE_CONTROL_HEADER, response.headers.get("Cache-Control")!);
  stored.headers.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
  waitUntil(cache.put(key, stored.clone()));
  return marked(secure(visitorCopy(stored), { scriptHashes }), "MISS");
}

/**
 * Deletes every cached public page of this origin from this data centre's cache, after a change of the content.
 * Other data centres serve their copies until these expire (at most EDGE_TTL_SECONDS).
 */
export async function purgePublicPages(origin: string, cache: Cache = dataCentreCache()): Promise<void> {
  await Promise.all(EDGE_CACHED_PATHS.map((path) => cache.delete(cacheKey(origin, path))));
}

/** Only a complete, shareable page is kept: not a failed read (no-store), not one that sets a cookie. */
function storable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const type = response.headers.get("Content-Type") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    /\bpublic\b/.test(cacheControl) &&
    !/no-store|private/.test(cacheControl) &&
    /^(text\/html|application\/xml)/.test(type)
  );
}

/** The text of every inline script, or null when the page has a script with a `src`. */
function inlineScripts(html: string): string[] | null {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1]!)) return null;
    scripts.push(match[2]!);
  }
  return scripts;
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

function hashesOf(stored: Response): string[] {
  return (stored.headers.get(HASHES_HEADER) ?? "").split(" ").filter(Boolean);
}

/** The stored copy as a visitor gets it: the page's own Cache-Control, none of the cache's bookkeeping. */
function visitorCopy(stored: Response): Response {
  const response = new Response(stored.body, stored);
  response.headers.set("Cache-Control", stored.headers.get(CACHE_CONTROL_HEADER) ?? "public, max-age=0");
  for (const name of [BUILD_HEADER, HASHES_HEADER, CACHE_CONTROL_HEADER]) response.headers.delete(name);
  return response;
}

/** `X-Edge-Cache` tells tests, the benchmark and anyone debugging where a page came from. */
function marked(response: Response, status: EdgeCacheStatus): Response {
  response.headers.set("X-Edge-Cache", status);
  return response;
}
