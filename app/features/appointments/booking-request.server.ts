// The booking's action (/Book, issue 25), behind the public-form guard (app/request/public-form.server.ts: Origin, the
// rate limit, the honeypot, optional Turnstile; the worker's body limit before it), the form checked with its shared
// schema; then stored with its e-mails (the customer's link and the staff's notice) in one write, relayed after the
// response. A refused booking stores nothing, and neither does one whose write fails (503: send it again).
import { z } from "zod";
import { blockedBy, DEFAULT_BOOKING_SETTINGS } from "~/domain/appointment-times";
import { bookingFields, bookingRequestSchema } from "~/domain/booking-request";
import { companyToday } from "~/domain/orders";
import type { Locale } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { guardPublicForm, storageDown, type PublicFormFailure } from "~/request/public-form.server";
import { redirectWithToast } from "~/request/toast.server";
import type { FieldErrors } from "~/platform/page/form-failure";
import { localizedPath, messagesFor } from "~/platform/page/locale";
import { unlessWriteFails } from "~/features/orders/order-notices.server";
import { newStatusToken, sealStatusToken } from "~/features/orders/status-token.server";
import { bookingMails } from "./appointment-mail.server";
import { relayAppointmentMails } from "./appointment-mail-relay.server";
import { signedInRequester } from "~/features/orders/signed-in-requester.server";
import { checkSameInterpreter, SAME_INTERPRETER_FIELD } from "./same-interpreter.server";

const refused = ({ status, formError, errors, values, headers }: PublicFormFailure) =>
  formFailure({ errors, values, formError, intent: "book" }, { status, headers });

export async function requestBooking({ request, app, locale }: { request: Request; app: RequestContext; locale: Locale }) {
  const t = messagesFor(locale);
  const url = new URL(request.url);
  const now = Date.now();
  const { backend } = app;
  const requester = await signedInRequester(backend);
  const guarded = await guardPublicForm(request, {
    limiter: app.cloudflare.env.BOOK_LIMITER,
    app,
    messages: t,
    check: async (formData) => {
      // A signed-in requester's booking is theirs: their account's address, whatever was posted.
      const fields = { ...bookingFields(formData), ...(requester ? { email: requester.email } : {}) };
      const parsed = bookingRequestSchema(t, now).safeParse(fields);
      const errors: FieldErrors = parsed.success
        ? {}
        : Object.fromEntries(Object.entries(z.flattenError(parsed.error).fieldErrors).map(([field, messages]) => [field, messages?.[0]]));
      // Only the languages someone is linked to can be booked: an interpreter can be found for them.
      const language = parsed.success ? (await backend.links.languages()).find((item) => item.id === parsed.data.languageId) : undefined;
      if (parsed.success && !language) errors.language = t.book.validation.languageUnknown;
      const same = await checkSameInterpreter(backend, requester, formData, t);
      if (!same.ok) errors[SAME_INTERPRETER_FIELD] = same.error;
      return parsed.success && language && same.ok
        ? { ok: true, data: { input: parsed.data, language: language.name, preferred: same.preferred } }
        : { ok: false, errors };
    },
  });
  // A bot is thanked, and nothing is stored or sent.
  if (guarded.kind === "bot")
    return redirectWithToast(localizedPath(locale, "/Book"), { type: "success", message: t.book.status.receivedHeading }, { request, config: app.config });
  if (guarded.kind === "refused") return refused(guarded.failure);
  const { input, language, preferred } = guarded.data;

  const { token, hash } = await newStatusToken();
  const blocked = blockedBy({ start: input.startsAt, minutes: input.minutes, mode: input.mode }, DEFAULT_BOOKING_SETTINGS);
  const company = await backend.content.company().catch(() => null);
  const appointment = { ...input, language, locale, status: "requested" as const, cancelReason: "", cancelledBy: null };
  const created = await unlessWriteFails("A booking", async () =>
    backend.appointments.request(
      {
        ...input,
        blockedFrom: blocked.from,
        blockedTo: blocked.to,
        locale,
        tokenHash: hash,
        tokenSealed: await sealStatusToken(token, app.config.SESSION_SECRET),
        ...(preferred ? { preferred } : {}),
      },
      now,
      (id) => bookingMails({ appointment: { ...appointment, id }, origin: url.origin, staffEmail: company?.email || null }),
    ),
  );
  if (created === "unavailable") return refused(storageDown(t.orders.refusals.unavailable, guarded.values));
  if (!created.ok) return refused({ status: 400, formError: null, errors: { language: t.book.validation.languageUnknown }, values: guarded.values });

  relayAppointmentMails(app, created.id);
  return redirectWithToast(
    `${localizedPath(locale, `/Book/${token}`)}?received=1`,
    { type: "success", message: t.book.status.receivedHeading },
    { request, config: app.config },
  );
}

/** The first day a booking may be, for the date field's `min`. */
export const firstBookingDay = () => companyToday(new Date());
