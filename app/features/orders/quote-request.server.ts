// The quote request's action (/Quote, issue 13), behind the public-form guard (app/request/public-form.server.ts: Origin,
// the rate limit, the honeypot, optional Turnstile; the worker's body limit before it), the form checked with its
// shared schema and every file by its bytes; then stored: the files first, then the order with its e-mails (the
// acknowledgement and the staff's notice) in one write, relayed after the response. A refused request stores nothing,
// and neither does one whose write fails (503: the customer can simply send it again, issue 21).
import { z } from "zod";
import type { RequestContext } from "~/request/context.server";
import { quoteRequestFields, quoteRequestSchema } from "~/domain/quote-request";
import { companyToday } from "~/domain/orders";
import type { Locale } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import type { FieldErrors } from "~/platform/page/form-failure";
import { localizedPath, messagesFor } from "~/platform/page/locale";
import { chosenFiles, checkDocuments, storeDocuments } from "~/features/orders/order-files.server";
import { orderMails, relayOrderMails, unlessWriteFails } from "~/features/orders/order-notices.server";
import { guardPublicForm, storageDown, type PublicFormFailure } from "~/request/public-form.server";
import { newStatusToken, sealStatusToken } from "~/features/orders/status-token.server";
import { redirectWithToast } from "~/request/toast.server";
import { signedInRequester } from "./signed-in-requester.server";

/** 400 (or 403, 429, 503) with every field's message and what was typed; files that were chosen must be chosen again. */
function refused({ status, formError, errors, values, headers }: PublicFormFailure, formData: FormData | null, locale: Locale) {
  const t = messagesFor(locale).quote.validation;
  // The targets are a checkbox group: sent back as the list the form reads.
  const kept = formData ? { ...values, targets: quoteRequestFields(formData).targets.join(",") } : values;
  const filesSent = formData ? chosenFiles(formData, "files").length > 0 : false;
  return formFailure({ errors, values: kept, formError: formError ?? (filesSent ? t.chooseFilesAgain : null), intent: "quote" }, { status, headers });
}

export async function requestQuote({ request, app, locale }: { request: Request; app: RequestContext; locale: Locale }) {
  const t = messagesFor(locale);
  const url = new URL(request.url);
  const now = new Date();
  const requester = await signedInRequester(app.backend);
  const guarded = await guardPublicForm(request, {
    limiter: app.cloudflare.env.QUOTE_LIMITER,
    app,
    messages: t,
    // The fields with their shared schema, and every file by its bytes: all the messages at once.
    check: async (formData) => {
      // A signed-in requester's request is theirs: their account's address, whatever was posted.
      const fields = { ...quoteRequestFields(formData), ...(requester ? { email: requester.email } : {}) };
      const files = chosenFiles(formData, "files");
      const parsed = quoteRequestSchema(t, now).safeParse(fields);
      const errors: FieldErrors = parsed.success
        ? {}
        : Object.fromEntries(Object.entries(z.flattenError(parsed.error).fieldErrors).map(([field, messages]) => [field, messages?.[0]]));
      const documents = await checkDocuments(files, t, locale);
      if (!documents.ok) errors.files = documents.error;
      return parsed.success && documents.ok ? { ok: true, data: { input: parsed.data, documents: documents.documents } } : { ok: false, errors };
    },
  });
  // A bot is thanked, and nothing is stored or sent.
  if (guarded.kind === "bot") {
    return redirectWithToast(localizedPath(locale, "/Quote"), { type: "success", message: t.orders.status.receivedHeading }, { request, config: app.config });
  }
  if (guarded.kind === "refused") return refused(guarded.failure, guarded.formData, locale);
  const { input, documents } = guarded.data;
  const values = guarded.values;

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
  const outcome = await storeDocuments(backend.files, documents, async (files) => {
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
  if (outcome === "unavailable") return refused(storageDown(t.orders.refusals.unavailable, values), guarded.formData, locale);
  if (!outcome.ok) {
    const v = t.quote.validation;
    const errors = outcome.reason === "unknown-service" ? { service: v.serviceUnknown } : { targets: v.languageUnknown };
    return refused({ status: 400, formError: null, errors, values }, guarded.formData, locale);
  }

  // The account's address was proven when the account was made: the order is the customer's on file at once.
  if (requester) await backend.orders.verifyIdentity(outcome.id, now.getTime());
  relayOrderMails(app, outcome.id);
  return redirectWithToast(
    `${localizedPath(locale, `/Quote/${token}`)}?received=1`,
    { type: "success", message: t.orders.status.receivedHeading },
    { request, config: app.config },
  );
}

/** The first day a deadline may be, for the date field's `min`. */
export const firstDeadline = () => companyToday(new Date());
