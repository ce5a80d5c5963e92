// Security and caching headers for every response the worker sends, applied in one place.

/** The footer's map is the only third-party content, framed from OpenStreetMap. */
export const MAP_ORIGIN = "https://www.openstreetmap.org";

/**
 * Which inline scripts may run: those carrying this response's nonce, or — on a page served from the shared edge
 * cache, where one copy goes to many visitors and a nonce would no longer be secret — exactly the scripts with these
 * SHA-256 hashes (base64). Either way nothing else runs.
 */
export type ScriptSources = { nonce: string } | { hashes: string[] };

function scriptSrc(scripts: ScriptSources): string {
  // 'strict-dynamic': scripts loaded by the trusted inline scripts are trusted too; nothing else runs.
  if ("nonce" in scripts) return `script-src 'nonce-${scripts.nonce}' 'strict-dynamic'`;
  if (scripts.hashes.length === 0) return "script-src 'none'";
  return `script-src ${scripts.hashes.map((hash) => `'sha256-${hash}'`).join(" ")} 'strict-dynamic'`;
}

export function contentSecurityPolicy(scripts: ScriptSources, secureOrigin: boolean, imageOrigins: string[] = [], formOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    scriptSrc(scripts),
    // Inline style attributes (toasts, the card heights) need 'unsafe-inline' for styles only.
    "style-src 'self' 'unsafe-inline'",
    // Content images come from this site (/media) or, with the Supabase backend, from its Storage.
    ["img-src 'self' data:", ...imageOrigins].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    // The live-call pages' heartbeat clock (public/call-heartbeat.js), a same-site dedicated worker.
    "worker-src 'self'",
    // The footer map, and Cloudflare Turnstile's challenge when the contact form is configured to use it.
    `frame-src ${MAP_ORIGIN} https://challenges.cloudflare.com`,
    "object-src 'none'",
    "base-uri 'none'",
    // A form posts to this site only; one that this site answers with a redirect elsewhere (an invoice's Pay now, to
    // Stripe's page) needs that origin too: browsers hold the redirect of a form's post to form-action.
    ["form-action 'self'", ...formOrigins].join(" "),
    "frame-ancestors 'none'",
    ...(secureOrigin ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * The call pages (issue 14): the room, and /Call whose device check comes before the call. The only pages that may use
 * the camera and microphone, for themselves only; every other page keeps them off.
 */
const MEDIA_PAGE = /^\/(call-room\/[^/]+|(ar\/)?Call)$/;

/** The signed-in areas (documents and their .data requests): never cached by anyone, never indexed. */
const PRIVATE_AREA = /^\/(dashboard|call-room)(\/|\.data|$)/i;

/**
 * The path as the router sees it: %-escapes decoded (`/%44ashboard` is `/Dashboard`) and repeated slashes
 * collapsed, so the private-area decision cannot be dodged by spelling the path differently.
 */
function normalizedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A broken escape is matched as it was sent.
  }
  return decoded.replace(/\/{2,}/g, "/");
}

/**
 * HTML responses need `nonce` (their CSP allows only scripts carrying it) or, when served from the edge cache,
 * `scriptHashes`; `imageOrigins` are other origins content images may come from, `formOrigins` others its forms may
 * lead to.
 */
type Options = { nonce?: string; scriptHashes?: string[]; request: Request; imageOrigins?: string[]; formOrigins?: string[] };

export function withSecurityHeaders(original: Response, { nonce, scriptHashes, request, imageOrigins = [], formOrigins = [] }: Options): Response {
  // Responses from fetch() or caches have immutable headers: always work on a copy.
  const response = new Response(original.body, original);
  const headers = response.headers;
  const secureOrigin = new URL(request.url).protocol === "https:";

  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  const media = MEDIA_PAGE.test(normalizedPath(new URL(request.url).pathname)) ? "(self)" : "()";
  headers.set("Permissions-Policy", `camera=${media}, microphone=${media}, geolocation=(), payment=(), usb=(), interest-cohort=()`);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");

  const type = headers.get("Content-Type") ?? "";
  if (type.startsWith("text/html")) {
    const scripts: ScriptSources = scriptHashes ? { hashes: scriptHashes } : { nonce: nonce ?? crypto.randomUUID() };
    headers.set("Content-Security-Policy", contentSecurityPolicy(scripts, secureOrigin, imageOrigins, formOrigins));
  }
  const privateArea = PRIVATE_AREA.test(normalizedPath(new URL(request.url).pathname));
  if (privateArea) headers.set("X-Robots-Tag", "noindex, nofollow");
  // Private pages and responses that set a cookie are personal: no cache may keep them, whatever the route said.
  if (privateArea || headers.has("Set-Cookie")) {
    headers.set("Cache-Control", "private, no-store");
  } else if (!headers.has("Cache-Control")) {
    headers.set("Cache-Control", "private, no-cache");
  }
  return response;
}
