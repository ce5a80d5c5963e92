// POST /api/contact — the one place that accepts a contact message (SPEC §2; the original posted to
// EmailJS from the browser with a public key). Scripts get JSON; a form posted without JavaScript gets a
// 303 back to /Contactus with a flash toast, or the page again with its errors (and what was typed).
import { createBackend } from "../app/backend/index.server";
import { contactSchema, type ContactFormState, type ContactInput } from "../app/domain/contact";
import { isLocale, type Locale } from "../app/i18n";
import { localizedPath, messagesFor } from "../app/platform/page/locale";
import type { AppConfig } from "../app/platform/core/config.server";
import { readConfig } from "../app/platform/core/config.server";
import { relayAfterResponse } from "../app/features/contact/contact-relay.server";
import { parseFormData } from "../app/request/forms.server";
import { guardPublicForm, storageDown, type PublicFormFailure } from "../app/request/public-form.server";
import { flashToastHeaders } from "../app/request/toast.server";

export const CONTACT_PATH = "/api/contact";
/** Either a finished response, or "render /Contactus with this state and status" (the worker does that). */
export type ContactOutcome = Response | { render: ContactFormState; status: number; headers?: Record<string, string> };

/** The language of the page the form was sent from: its action names it (`/api/contact?lang=ar`). */
export function contactLocale(url: URL): Locale {
  const lang = url.searchParams.get("lang");
  return isLocale(lang) ? lang : "en";
}

export async function handleContact(request: Request, env: Env, ctx: ExecutionContext): Promise<ContactOutcome> {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const url = new URL(request.url);
  const locale = contactLocale(url);
  const t = messagesFor(locale);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const config = readConfig(env);
  const backend = createBackend({ env, request });
  const fail = ({ status, formError, errors, values, headers }: PublicFormFailure): ContactOutcome => {
    // Another site's post gets no form back: there is no page of ours to show it on.
    if (status === 403 && formError === t.contact.forbidden) {
      return wantsJson
        ? Response.json({ ok: false, formError, errors: {} }, { status })
        : new Response(formError, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    if (wantsJson) return Response.json({ ok: false, formError, errors }, { status, headers });
    return { render: { values, errors, formError }, status, headers };
  };

  const guarded = await guardPublicForm(request, {
    limiter: env.CONTACT_LIMITER,
    app: { backend, config },
    messages: t,
    check: (formData) => parseFormData(formData, contactSchema(t)),
    wording: { unreadable: t.contact.notSent, tooMany: t.contact.tooMany },
  });
  // A bot is told "sent", and nothing is stored or relayed.
  if (guarded.kind === "bot") return succeeded(request, config, wantsJson, locale);
  if (guarded.kind === "refused") return fail(guarded.failure);

  // Stored first: from here on the message reaches the company even if e-mail fails.
  const { outbox } = backend;
  let id: number;
  try {
    id = (await outbox.save({ ...(guarded.data satisfies ContactInput), locale }, Date.now())).id;
  } catch (error) {
    console.error("[contact] A message could not be stored:", error);
    return fail(storageDown(t.contact.notSent, guarded.values));
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
