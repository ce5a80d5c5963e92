// /Call's action (issue 14): the callback form. Same protections as the contact form (the rate limit of calls, a
// honeypot, optional Turnstile, React Router's own Origin check on actions). A callback is stored in the staff inbox
// first (the contact outbox, so it also reaches the company's e-mail and survives a mail outage), then an unanswered
// call it follows is logged as a callback.
import { formFailure } from "~/lib/action-result.server";
import type { RequestContext } from "~/lib/context.server";
import { callableLanguages, callbackSchema } from "~/domain/call-forms";
import { format, type Locale } from "~/i18n";
import { relayAfterResponse } from "~/lib/contact-relay.server";
import { keptValues, parseFormData, readForm } from "~/lib/forms.server";
import { localizedPath, messagesFor } from "~/lib/locale";
import { refuseOverLimit } from "~/lib/rate-limit.server";
import { switchboardOf } from "~/lib/switchboard.server";
import { redirectWithToast } from "~/lib/toast.server";
import { passesTurnstile } from "~/lib/turnstile.server";

const HONEYPOT = "website";

export async function askForCallback({ request, app, locale }: { request: Request; app: RequestContext; locale: Locale }) {
  const t = messagesFor(locale);
  const c = t.call;
  const page = `${localizedPath(locale, "/Call")}#callback`;
  const overLimit = await refuseOverLimit(app.cloudflare.env.CALL_LIMITER, request, app, t);
  if (overLimit) return overLimit;
  const formData = await readForm(request);
  if (!formData) return formFailure({ formError: t.errors.notAForm, intent: "callback" }, { status: 400 });
  const values = keptValues(formData);
  delete values[HONEYPOT];
  // A filled honeypot is a bot: it is thanked, and nothing is stored or sent.
  if (String(formData.get(HONEYPOT) ?? "").trim()) return redirectWithToast(page, { type: "success", message: c.callbackThanks }, { request, config: app.config });
  if (app.config.turnstile && !(await passesTurnstile(app.config.turnstile, formData, request))) {
    return formFailure({ formError: t.contact.challengeFailed, values, intent: "callback" }, { status: 403 });
  }
  const schema = callbackSchema({
    required: t.contact.validation.nameRequired,
    email: t.contact.validation.emailInvalid,
    either: c.callbackEither,
    oneLine: t.validation.oneLine,
    tooLong: (max) => format(t.validation.tooLong, { max }),
  });
  formData.delete(HONEYPOT);
  formData.delete("cf-turnstile-response");
  const form = parseFormData(formData, schema);
  if (!form.ok) return formFailure({ errors: form.errors, values, intent: "callback" }, { status: 400 });

  const { backend } = app;
  const language = form.data.language ? callableLanguages(await backend.links.languages()).find((item) => String(item.id) === form.data.language) : undefined;
  const lines = [
    form.data.phone ? format(c.callbackPhoneLine, { phone: form.data.phone }) : null,
    language ? format(c.callbackLanguageLine, { language: language.name }) : null,
    form.data.note ? format(c.callbackNoteLine, { note: form.data.note }) : null,
  ].filter((line): line is string => line !== null);
  let id: number;
  try {
    const saved = await backend.outbox.save(
      { name: form.data.name, email: form.data.email, subject: c.callbackSubject, message: lines.join("\n") || c.callbackSubject, locale },
      Date.now(),
    );
    id = saved.id;
  } catch (error) {
    console.error("[call] A callback could not be stored:", error);
    return formFailure({ formError: c.notSent, values, intent: "callback" }, { status: 500 });
  }
  relayAfterResponse(app.cloudflare.ctx, backend.outbox, app.config, id, `[call] Relaying callback ${id}`);
  if (form.data.callId) await switchboardOf(app.cloudflare.env).callbackLeft(form.data.callId);
  return redirectWithToast(page, { type: "success", message: c.callbackThanks }, { request, config: app.config });
}
