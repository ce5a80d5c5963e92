// The Cloudflare Worker: small worker routes first, everything else to React Router; the cron relays the
// contact outbox.
import { createRequestHandler } from "react-router";
import { createBackend } from "../app/backend/index.server";
import { readConfig } from "../app/lib/config.server";
import { relayDue } from "../app/lib/contact-relay.server";
import { createRequestContext } from "../app/lib/context.server";
import { withSecurityHeaders } from "../app/lib/security-headers.server";
import type { ContactFormState } from "../app/domain/contact";
import { CONTACT_PATH, handleContact } from "./contact";
import { isMediaRequest, serveMedia } from "./media";

const handleWithReactRouter = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

/** Renders a page through React Router, with security headers and an optional status. */
async function renderPage(request: Request, env: Env, ctx: ExecutionContext, extra?: { contactForm: ContactFormState; status: number }) {
  const context = createRequestContext(request, env, ctx);
  if (extra) context.contactForm = extra.contactForm;
  const response = withBackendHeaders(await handleWithReactRouter(request, context), context.backend.responseHeaders);
  // A POST answered without reading its body (405 on a route without an action) leaves that body on the
  // kept-alive connection, and wrangler's local proxy then fails the connection's next request with 503.
  if (request.body && !request.bodyUsed) await request.body.pipeTo(new WritableStream()).catch(() => {});
  const sized = extra ? new Response(response.body, { status: extra.status, headers: response.headers }) : response;
  const storage = context.config.supabase ? [new URL(context.config.supabase.url).origin] : [];
  return withSecurityHeaders(sized, { nonce: context.nonce, request, imageOrigins: storage });
}

/** The backend's own response headers (Supabase's refreshed session cookies) go on every response. */
function withBackendHeaders(original: Response, extra: Headers): Response {
  if ([...extra.keys()].length === 0) return original;
  const response = new Response(original.body, original);
  for (const [name, value] of extra) {
    if (name.toLowerCase() === "set-cookie") response.headers.append(name, value);
    else response.headers.set(name, value);
  }
  return response;
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (isMediaRequest(url)) return withSecurityHeaders(await serveMedia(request, env.MEDIA), { request });
    if (url.pathname === CONTACT_PATH) {
      const outcome = await handleContact(request, env, ctx);
      if (outcome instanceof Response) return withSecurityHeaders(outcome, { request });
      // A form posted without JavaScript that cannot be accepted: /Contactus again, with its errors and values.
      // A plain GET of the page, carrying only what identifies the visitor (not the POST's body headers).
      const headers = new Headers();
      for (const name of ["Cookie", "User-Agent", "Accept-Language", "CF-Connecting-IP"]) {
        const value = request.headers.get(name);
        if (value) headers.set(name, value);
      }
      const page = new Request(new URL("/Contactus", url), { headers });
      return renderPage(page, env, ctx, { contactForm: outcome.render, status: outcome.status });
    }
    return renderPage(request, env, ctx);
  },

  // Every minute (wrangler.toml [triggers]): retry the contact messages whose e-mail has not gone out.
  async scheduled(_controller, env, ctx) {
    const outbox = createBackend({ env, request: new Request("https://cron.invalid/") }).outbox;
    ctx.waitUntil(
      relayDue(outbox, readConfig(env)).then((outcomes) => {
        if (outcomes.sent + outcomes.retry + outcomes.failed > 0) console.log("[contact] Cron relay:", JSON.stringify(outcomes));
      }),
    );
  },
} satisfies ExportedHandler<Env>;
