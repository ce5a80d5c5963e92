// /Call's action (issue 14): the callback form, behind the public-form guard (app/request/public-form.server.ts: Origin,
// the rate limit of calls, the honeypot, optional Turnstile, the shared schema). A callback is stored in the staff inbox
// first (the contact outbox, so it also reaches the company's e-mail and survives a mail outage), then an unanswered
// call it follows is logged as a callback.
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { callableLanguages, callbackSchema } from "~/domain/call-forms";
import { format, type Locale } from "~/i18n";
import { relayAfterResponse } from "~/features/contact/contact-relay.server";
import { parseFormData } from "~/request/forms.server";
import { localizedPath, messagesFor } from "~/platform/page/locale";
import { guardPublicForm, storageDown, type PublicFormFailure } from "~/request/public-form.server";
import { switchboardOf } from "~/features/calls/switchboard.server";
import { redirectWithToast } from "~/request/toast.server";

export async function askForCallback({ request, app, locale }: { request: Request; app: RequestContext; locale: Locale }) {
  const t = messagesFor(locale);
  const c = t.call;
  const page = `${localizedPath(locale, "/Call")}#callback`;
  const schema = callbackSchema({
    required: t.contact.validation.nameRequired,
    email: t.contact.validation.emailInvalid,
    either: c.callbackEither,
    oneLine: t.validation.oneLine,
    tooLong: (max) => format(t.validation.tooLong, { max }),
  });
  const guarded = await guardPublicForm(request, {
    limiter: app.cloudflare.env.CALL_LIMITER,
    app,
    messages: t,
    check: (formData) => parseFormData(formData, schema),
  });
  const thanks = () => redirectWithToast(page, { type: "success", message: c.callbackThanks }, { request, config: app.config });
  // A bot is thanked, and nothing is stored or sent.
  if (guarded.kind === "bot") return thanks();
  if (guarded.kind === "refused") return refusal(guarded.failure);
  const { data: form, values } = guarded;

  const { backend } = app;
  const language = form.language ? callableLanguages(await backend.links.languages()).find((item) => String(item.id) === form.language) : undefined;
  const lines = [
    form.phone ? format(c.callbackPhoneLine, { phone: form.phone }) : null,
    language ? format(c.callbackLanguageLine, { language: language.name }) : null,
    form.note ? format(c.callbackNoteLine, { note: form.note }) : null,
  ].filter((line): line is string => line !== null);
  let id: number;
  try {
    const saved = await backend.outbox.save(
      { name: form.name, email: form.email, subject: c.callbackSubject, message: lines.join("\n") || c.callbackSubject, locale },
      Date.now(),
    );
    id = saved.id;
  } catch (error) {
    console.error("[call] A callback could not be stored:", error);
    return refusal(storageDown(c.notSent, values));
  }
  relayAfterResponse(app.cloudflare.ctx, backend.outbox, app.config, id, `[call] Relaying callback ${id}`);
  if (form.callId) await switchboardOf(app.cloudflare.env).callbackLeft(form.callId);
  return thanks();
}

const refusal = ({ status, formError, errors, values, headers }: PublicFormFailure) =>
  formFailure({ formError, errors, values, intent: "callback" }, { status, headers });
