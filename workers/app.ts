// The Cloudflare Worker: plain HTTP is sent to HTTPS, request bodies are admitted (size, type) before anything
// reads them, small worker routes come next, everything else goes to React Router; the cron relays the contact
// outbox. Every response leaves with the security headers.
import { createRequestHandler } from "react-router";
import { createServiceBackend } from "../app/backend/index.server";
import { pruneSecurityEvents } from "../app/request/security-log.server";
import { readConfig } from "../app/platform/core/config.server";
import { relayDue } from "../app/features/contact/contact-relay.server";
import { relayDueMails } from "../app/features/orders/order-mail-relay.server";
import { everyOutboxLink } from "../app/features/accounts/invitations.server";
import { checkoutOrigin } from "../app/features/billing/stripe.server";
import { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from "./stripe-webhook";
import { flagUnfilledAppointments } from "../app/features/appointments/offer-deadlines.server";
import { sendReminders } from "../app/features/appointments/reminders.server";
import { payWork } from "../app/features/pay/pay-work.server";
import { DEFAULT_BILLING_CALENDAR } from "../app/domain/billable-work";
import { createRequestContext, routerContextFor, type RequestContext } from "../app/request/context.server";
import { serveWithEdgeCache, type RenderedPage, type Secure } from "../app/platform/http/edge-cache.server";
import { isLoopbackHost } from "../app/platform/core/transport.server";
import { withSecurityHeaders } from "../app/platform/http/security-headers.server";
import { localeOfPath, localizedPath, messagesFor } from "../app/platform/page/locale";
import { handleCallSocket, isCallSocket } from "./calls";
import { CONTACT_PATH, contactLocale, handleContact } from "./contact";
import { isMediaRequest, serveMedia } from "./media";
import { admitRequest, type Refusal } from "./request-admission";

export { AccountGuard } from "../app/features/accounts/account-guard-object.server";
export { CallRoom } from "../app/features/calls/room-object.server";
export { CallSwitchboard } from "../app/features/calls/switchboard-object.server";

const handleWithReactRouter = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

type PageExtras = Pick<RequestContext, "contactForm" | "refusal"> & { status?: number };

/** Renders a page through React Router (without security headers yet), with an optional status. */
async function renderRouted(request: Request, env: Env, ctx: ExecutionContext, extras: PageExtras = {}): Promise<RenderedPage> {
  const context = Object.assign(createRequestContext(request, env, ctx), { contactForm: extras.contactForm, refusal: extras.refusal });
  const response = withBackendHeaders(await handleWithReactRouter(request, routerContextFor(context)), context.backend.responseHeaders);
  // A POST answered without reading its body (405 on a route without an action) leaves that body on the
  // kept-alive connection, and wrangler's local proxy then fails the connection's next request with 503.
  if (request.body && !request.bodyUsed) await request.body.pipeTo(new WritableStream()).catch(() => {});
  const sized = extras.status ? new Response(response.body, { status: extras.status, headers: response.headers }) : response;
  return { response: sized, nonce: context.nonce };
}

/**
 * The pages whose "Pay now" is answered with a redirect to Stripe's page: an invoice's page for its customer
 * (/Invoice/<token>, /ar/Invoice/<token>) and every page of the customer portal (/Account…, issue 27) — the portal's
 * links navigate in the page after the first load, so the document whose policy holds the invoice's form may be
 * /Account itself (routes match whatever the case).
 */
const PAYING_PAGES = /^\/(ar\/)?(invoice\/[^/]+\/?|account(\/.*)?)$/i;

/**
 * The security headers of a page: content images may also come from Supabase Storage when that is the backend; an
 * invoice's page, with Stripe, sends its Pay now on to Stripe's Checkout page.
 */
function securePage(request: Request, env: Env): Secure {
  const { supabase, stripe } = readConfig(env);
  const imageOrigins = supabase ? [new URL(supabase.url).origin] : [];
  const formOrigins = stripe && PAYING_PAGES.test(new URL(request.url).pathname) ? [checkoutOrigin(stripe)] : [];
  return (response, scripts) => withSecurityHeaders(response, { ...scripts, request, imageOrigins, formOrigins });
}

/** Renders a page for this request alone (a form's result, a refusal): never from or into the edge cache. */
async function renderPage(request: Request, env: Env, ctx: ExecutionContext, extras: PageExtras = {}) {
  const { response, nonce } = await renderRouted(request, env, ctx, extras);
  return securePage(request, env)(response, { nonce });
}

/** Any other page: the public pages through the edge cache (docs/decisions/0014), the rest rendered each time. */
async function servePage(request: Request, env: Env, ctx: ExecutionContext) {
  const { assets } = await import("virtual:react-router/server-build");
  return serveWithEdgeCache(request, {
    build: assets.version,
    render: () => renderRouted(request, env, ctx),
    secure: securePage(request, env),
    waitUntil: (promise) => ctx.waitUntil(promise),
  });
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

/** A GET of `path` that carries only what identifies the visitor (not the refused POST's body headers). */
function pageRequest(path: string, original: Request): Request {
  const headers = new Headers();
  for (const name of ["Cookie", "User-Agent", "Accept-Language", "CF-Connecting-IP"]) {
    const value = original.headers.get(name);
    if (value) headers.set(name, value);
  }
  // Set as a path, never parsed as a URL: a path like `//host/x` would otherwise name another host (or none).
  const url = new URL(original.url);
  url.pathname = path;
  url.search = "";
  return new Request(url, { headers });
}

/** A refused body: JSON for scripts; for a browser's form post, the page it came from, saying why. */
function refuse(refusal: Refusal, request: Request, env: Env, ctx: ExecutionContext): Promise<Response> | Response {
  const url = new URL(request.url);
  const contact = url.pathname === CONTACT_PATH;
  const locale = contact ? contactLocale(url) : localeOfPath(url.pathname);
  const t = messagesFor(locale);
  const message = refusal.reason === "too-large" ? t.errors.tooLarge : t.errors.notAForm;
  if (!(request.headers.get("Accept") ?? "").includes("text/html")) {
    const body = { ok: false, formError: message, errors: {}, ...(refusal.reason === "too-large" ? { limitBytes: refusal.limit } : {}) };
    return withSecurityHeaders(Response.json(body, { status: refusal.status }), { request });
  }
  const page = contact ? localizedPath(locale, "/Contactus") : url.pathname.replace(/\.data$/, "");
  return renderPage(pageRequest(page, request), env, ctx, { refusal: { status: refusal.status } });
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    // Plain HTTP only on this machine (local development and tests); everywhere else, HTTPS.
    if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
      url.protocol = "https:";
      return withSecurityHeaders(new Response(null, { status: 308, headers: { Location: url.href } }), { request });
    }
    // Stripe's events are JSON from its servers, checked by their signature (not a form of this site's).
    if (url.pathname === STRIPE_WEBHOOK_PATH) return withSecurityHeaders(await handleStripeWebhook(request, env), { request });
    // Every body is admitted (or refused and dropped) before any route, the media route's 405 included: a body left
    // unread on the connection stalls the next request behind wrangler's local proxy.
    const admission = await admitRequest(request);
    if (!admission.ok) return refuse(admission, request, env, ctx);
    const admitted = admission.request;
    if (isMediaRequest(url)) return withSecurityHeaders(await serveMedia(admitted, env.MEDIA), { request });
    // A switched protocol keeps its 101 as it is; a refusal gets the headers of every response.
    if (isCallSocket(url)) {
      const answer = await handleCallSocket(admitted, env);
      return answer.webSocket ? answer : withSecurityHeaders(answer, { request });
    }

    if (url.pathname === CONTACT_PATH) {
      const outcome = await handleContact(admitted, env, ctx);
      if (outcome instanceof Response) return withSecurityHeaders(outcome, { request });
      // A form posted without JavaScript that cannot be accepted: /Contactus again, with its errors and values.
      const page = localizedPath(contactLocale(url), "/Contactus");
      const rendered = await renderPage(pageRequest(page, request), env, ctx, { contactForm: outcome.render, status: outcome.status });
      // The guard's own headers (a 429's Retry-After) go on the page too.
      for (const [name, value] of Object.entries(outcome.headers ?? {})) rendered.headers.set(name, value);
      return rendered;
    }
    return servePage(admitted, env, ctx);
  },

  // Every minute (wrangler.toml [triggers]): flag appointments left unfilled when their offers closed, write the
  // appointment reminders due, retry the contact messages and e-mails that have not gone out; once an hour, delete the
  // security events older than 90 days and make the interpreters' pay lines of the work approved since.
  scheduled(controller, env, ctx) {
    const backend = createServiceBackend(env);
    const config = readConfig(env);
    const report = (queue: string) => (outcomes: Record<string, number>) => {
      if (outcomes.sent! + outcomes.retry! + outcomes.failed! > 0) console.log(`[${queue}] Cron relay:`, JSON.stringify(outcomes));
    };
    // One queue after the other: together they keep to the provider's one request a second.
    ctx.waitUntil(
      // Appointments whose offers closed unfilled first: their staff e-mails go out in this run's relay.
      // The scheduled time, not the clock: a late run acts as of its minute, and a test can name the minute
      // (wrangler's /cdn-cgi/handler/scheduled?time=…).
      flagUnfilledAppointments(backend, controller.scheduledTime, config.siteUrl)
        .then((flagged) => flagged.length && console.log("[offers] Flagged unfilled:", flagged.join(", ")))
        .catch((error: unknown) => console.error("[offers] Flagging unfilled appointments failed:", error))
        .then(() => sendReminders(backend, controller.scheduledTime, config.siteUrl))
        .then((sent) => sent.length && console.log("[reminders] Written:", JSON.stringify(sent)))
        .catch((error: unknown) => console.error("[reminders] Writing reminders failed:", error))
        .then(() => relayDue(backend.outbox, config))
        .then(report("contact"))
        // As of the later of the clock and the scheduled minute: what this run wrote as of its minute is due in it
        // (a run on time or late relays by the clock, as before).
        .then(() =>
          relayDueMails(backend, config, { now: () => Math.max(Date.now(), controller.scheduledTime) }, everyOutboxLink(backend, config.SESSION_SECRET)),
        )
        .then(report("mail")),
    );
    if (new Date(controller.scheduledTime).getUTCMinutes() === 0) {
      ctx.waitUntil(pruneSecurityEvents(backend.events, controller.scheduledTime));
      // Interpreters' pay lines for the work approved since (docs/decisions/0039): their statements fill without an
      // admin's "Bill work". Customers' items are left to "Bill work", where the admin sees what no rate line prices.
      ctx.waitUntil(
        payWork(backend, controller.scheduledTime, { ...DEFAULT_BILLING_CALENDAR, holidays: config.billingHolidays })
          .then(({ made, unpriced }) => (made || unpriced.length) && console.log("[pay] Pay lines made:", made, "unpriced:", unpriced.length))
          .catch((error: unknown) => console.error("[pay] Making pay lines failed:", error)),
      );
    }
  },
} satisfies ExportedHandler<Env>;
