// POST /api/contact — the one place that accepts a contact message (SPEC §2; the original posted to
// EmailJS from the browser with a public key). Scripts get JSON; a form posted without JavaScript gets a
// 303 back to /Contactus with a flash toast, or the page again with its errors (and what was typed).
import { createBackend } from "../app/backend/index.server";
import { contactSchema, type ContactFormState, type ContactInput } from "../app/domain/contact";
import { isLocale, type Locale } from "../app/i18n";
import { localizedPath, messagesFor } from "../app/lib/locale";
import type { AppConfig } from "../app/lib/config.server";
import { readConfig } from "../app/lib/config.server";
import { relayAfterResponse } from "../app/lib/contact-relay.server";
import type { FieldErrors } from "../app/lib/form-failure";
import { keptValues, parseFormData } from "../app/lib/forms.server";
import { withinRateLimit } from "../app/lib/rate-limit.server";
import { isSameOrigin } from "../app/lib/same-origin.server";
import { recordSecurityEvent } from "../app/lib/security-log.server";
import { passesTurnstile } from "../app/lib/turnstile.server";
import { flashToastHeaders } from "../app/lib/toast.server";

export const CONTACT_PATH = "/api/contact";
const HONEYPOT = "website";

/** Either a finished response, or "render /Contactus with this state and status" (the worker does that). */
export type ContactOutcome = Response | { render: ContactFormState; status: number };

/** The language of the page the form was sent from: its action names it (`/api/contact?lang=ar`). */
export function contactLocale(url: URL): Locale {
  const lang = url.searchParams.get("lang");
  return isLocale(lang) ? lang : "en";
}

type Failure = { status: number; formError: string | null; errors?: FieldErrors; values?: Record<string, string> };

export async function handleContact(request: Request, env: Env, ctx: ExecutionContext): Promise<ContactOutcome> {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const url = new URL(request.url);
  const locale = contactLocale(url);
  const t = messagesFor(locale);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const fail = ({ status, formError, errors = {}, values = {} }: Failure): ContactOutcome =>
    wantsJson ? Response.json({ ok: false, formError, errors }, { status }) : { render: { values, errors, formError }, status };

  // React Router's own origin check does not cover worker routes: refuse posts from other sites.
  if (!isSameOrigin(request, url)) {
    return wantsJson
      ? Response.json({ ok: false, formError: t.contact.forbidden, errors: {} }, { status: 403 })
      : new Response(t.contact.forbidden, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }

  // The limit comes before the form is read (the worker has already bounded its size).
  const withinLimit = await withinRateLimit(env.CONTACT_LIMITER, request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return fail({ status: 400, formError: t.contact.notSent });
  }
  const values = keptValues(formData);
  delete values[HONEYPOT];
  // Past the limit the form only comes back as typed: nothing in it is checked or stored.
  if (!withinLimit) {
    await recordSecurityEvent({ backend: createBackend({ env, request }) }, request, { kind: "rate-limited", detail: url.pathname });
    return fail({ status: 429, formError: t.contact.tooMany, values });
  }
  const config = readConfig(env);

  // A filled honeypot is a bot: it is told "sent", and nothing is stored or relayed.
  if (String(formData.get(HONEYPOT) ?? "").trim()) return succeeded(request, config, wantsJson, locale);

  if (config.turnstile && !(await passesTurnstile(config.turnstile, formData, request))) {
    return fail({ status: 403, formError: t.contact.challengeFailed, values });
  }

  const form = parseFormData(formData, contactSchema(t));
  if (!form.ok) return fail({ status: 400, formError: null, errors: form.errors, values });

  // Stored first: from here on the message reaches the company even if e-mail fails.
  const { outbox } = createBackend({ env, request });
  let id: number;
  try {
    id = (await outbox.save({ ...(form.data satisfies ContactInput), locale }, Date.now())).id;
  } catch (error) {
    console.error("[contact] A message could not be stored:", error);
    return fail({ status: 503, formError: t.contact.notSent, values });
  }
  relayAfterResponse(ctx, outbox, config, id, `[contact] Relaying message ${id}`);
  return succeeded(request, config, wantsJson, locale);
}

async function succeeded(request: Request, config: AppConfig, wantsJson: boolean, locale: Locale): Promise<Response> {
  const message = messagesFor(locale).contact.sent;
  if (wantsJson) return Response.json({ ok: true, message });
  const headers = await flashToastHeaders(request, config, { type: "success", message });
  headers.set("Location", `${localizedPath(locale, "/Contactus")}#contact-form`);
  return new Response(null, { status: 303, headers });
}
