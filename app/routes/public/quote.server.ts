// The quote request's action (/Quote, issue 13): the same protections as the contact form (the worker's body limit,
// a rate limit, the honeypot, optional Turnstile, React Router's own Origin check on actions), the form checked with
// its shared schema and every file by its bytes; then stored: the files first, then the order with its e-mails (the
// acknowledgement and the staff's notice) in one write, relayed after the response. A refused request stores nothing,
// and neither does one whose write fails (503: the customer can simply send it again, issue 21).
import { z } from "zod";
import type { RequestContext } from "~/lib/context.server";
import { quoteRequestFields, quoteRequestSchema, type QuoteRequestForm } from "~/domain/quote-request";
import { companyToday } from "~/domain/orders";
import type { Locale } from "~/i18n";
import { formFailure } from "~/lib/action-result.server";
import type { FieldErrors } from "~/lib/form-failure";
import { keptValues, readForm } from "~/lib/forms.server";
import { localizedPath, messagesFor } from "~/lib/locale";
import { chosenFiles, checkDocuments, storeDocuments } from "~/lib/order-files.server";
import { orderMails, relayOrderMails, unlessWriteFails } from "~/lib/order-notices.server";
import { refuseOverLimit } from "~/lib/rate-limit.server";
import { newStatusToken, sealStatusToken } from "~/lib/status-token.server";
import { redirectWithToast } from "~/lib/toast.server";
import { passesTurnstile } from "~/lib/turnstile.server";

const HONEYPOT = "website";

/** 400 with every field's message and what was typed; files that were chosen must be chosen again. */
function refused(form: QuoteRequestForm, formData: FormData, errors: FieldErrors, formError: string | null, locale: Locale, status: 400 | 403 | 503 = 400) {
  const t = messagesFor(locale).quote.validation;
  const filesSent = chosenFiles(formData, "files").length > 0;
  const values = keptValues(formData);
  delete values[HONEYPOT];
  return formFailure(
    { errors, values: { ...values, targets: form.targets.join(",") }, formError: formError ?? (filesSent ? t.chooseFilesAgain : null), intent: "quote" },
    { status },
  );
}

export async function requestQuote({ request, app, locale }: { request: Request; app: RequestContext; locale: Locale }) {
  const t = messagesFor(locale);
  const overLimit = await refuseOverLimit(app.cloudflare.env.QUOTE_LIMITER, request, app, t);
  if (overLimit) return overLimit;
  const formData = await readForm(request);
  if (!formData) return formFailure({ formError: t.errors.notAForm, intent: "quote" }, { status: 400 });
  const form = quoteRequestFields(formData);
  const url = new URL(request.url);

  // A filled honeypot is a bot: it is thanked, and nothing is stored or sent.
  if (String(formData.get(HONEYPOT) ?? "").trim()) {
    return redirectWithToast(localizedPath(locale, "/Quote"), { type: "success", message: t.orders.status.receivedHeading }, { request, config: app.config });
  }
  if (app.config.turnstile && !(await passesTurnstile(app.config.turnstile, formData, request))) {
    return refused(form, formData, {}, t.contact.challengeFailed, locale, 403);
  }

  const now = new Date();
  const parsed = quoteRequestSchema(t, now).safeParse(form);
  const errors: FieldErrors = parsed.success ? {} : Object.fromEntries(Object.entries(z.flattenError(parsed.error).fieldErrors).map(([field, messages]) => [field, messages?.[0]]));
  const documents = await checkDocuments(chosenFiles(formData, "files"), t, locale);
  if (!documents.ok) errors.files = documents.error;
  if (!parsed.success || !documents.ok) return refused(form, formData, errors, null, locale);

  const input = parsed.data;
  const { token, hash } = await newStatusToken();
  const { backend } = app;
  // The e-mails are written before the write that stores them with the order: the names the order will keep.
  const [services, languages] = await Promise.all([backend.content.services(), backend.languages.list()]);
  const nameOf = (id: number) => languages.find((language) => language.id === id)?.name ?? "";
  const mails = await orderMails(app, {
    order: {
      customer: { name: input.name, email: input.email },
      locale,
      serviceTitle: services.find((service) => service.id === input.service)?.title ?? "",
      sourceLanguage: nameOf(input.source),
      targetLanguages: input.targets.map(nameOf),
      deadline: input.deadline,
      details: input.details,
      status: "new",
      quote: null,
      cancelReason: "",
    },
    origin: url.origin,
    token,
    event: { kind: "request" },
  });
  const outcome = await storeDocuments(backend.files, documents.documents, async (files) => {
    const created = await unlessWriteFails("A quote request", async () =>
      backend.orders.create(
        {
          customer: { name: input.name, email: input.email, phone: input.phone, company: input.company },
          serviceId: input.service,
          sourceLanguageId: input.source,
          targetLanguageIds: input.targets,
          deadline: input.deadline,
          details: input.details,
          locale,
          tokenHash: hash,
          tokenSealed: await sealStatusToken(token, app.config.SESSION_SECRET),
          files,
        },
        now.getTime(),
        mails,
      ),
    );
    return { kept: created !== "unavailable" && created.ok, value: created };
  });
  if (outcome === "unavailable") return refused(form, formData, {}, t.orders.refusals.unavailable, locale, 503);
  if (!outcome.ok) {
    const v = t.quote.validation;
    const fieldErrors = outcome.reason === "unknown-service" ? { service: v.serviceUnknown } : { targets: v.languageUnknown };
    return refused(form, formData, fieldErrors, null, locale);
  }

  relayOrderMails(app, outcome.id);
  return redirectWithToast(
    `${localizedPath(locale, `/Quote/${token}`)}?received=1`,
    { type: "success", message: t.orders.status.receivedHeading },
    { request, config: app.config },
  );
}

/** The first day a deadline may be, for the date field's `min`. */
export const firstDeadline = () => companyToday(new Date());
