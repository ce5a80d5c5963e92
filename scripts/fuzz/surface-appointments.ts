// Booked appointments (issue 25) as attack surface: /Book with its form, and the customer's private page
// /Book/<token> with its cancellation, in both languages. Spread into surface.ts's PAGES and surface-forms.ts's FORMS;
// coverage.ts checks them against the product like every other entry.
//
// Tokens are placeholders (params.ts): the run's set-up (appointments.ts) books a few appointments through /Book and
// cancels one, and each request names one of them (`{booking}` a requested one mostly, `{booking:cancelled}` the
// cancelled one), or an unknown or malformed token (a 404 that must write nothing). The campaign's own cancels move
// the requested ones on; a later cancel of one is a 409 (stale or not cancellable), which must change nothing.
import type { FieldKind, FormEntry, PageEntry } from "./surface-kinds";
import { UNKNOWN_TOKEN } from "./surface-orders";

/** app/domain/booking-request.ts BOOKING_FIELDS, with the public-form guard's honeypot and Turnstile fields. */
const bookingFields: Record<string, FieldKind> = {
  language: "bookingLanguage",
  mode: "appointmentMode",
  setting: "appointmentSetting",
  date: "bookingDate",
  time: "bookingTime",
  occurrence: "occurrence",
  duration: "duration",
  address: "address",
  callNumber: "phone",
  name: "name",
  email: "email",
  phone: "phone",
  organisation: "company",
  notes: "message",
  gender: "genderPreference",
  consent: "consent",
  // A signed-in requester's "same interpreter as last time" (issue 27): one of their organisation's past interpreters,
  // else a field message; a visitor's is ignored (app/features/appointments/same-interpreter.server.ts).
  sameInterpreter: "userId",
  website: "honeypot",
  "cf-turnstile-response": "captcha",
};

/** The booking's own fields without the public-form guard's (staff screens have no bot checks) nor a requester's choice. */
const { website: _honeypot, "cf-turnstile-response": _captcha, sameInterpreter: _same, ...bookingFieldsAlone } = bookingFields;
/** The staff's booking by phone: the customer's language instead of the visitor's consent wording (same field). */
const staffBookingFields: Record<string, FieldKind> = { ...bookingFieldsAlone, locale: "locale" };
/** The change form: the booking's fields without the language and consent, and the version the page showed. */
const { language: _language, consent: _consent, ...changeFields } = bookingFieldsAlone;

export const APPOINTMENT_PAGES: PageEntry[] = [
  // app/routes/public/book.tsx and book-status.tsx (404 for anything but a known token); the Arabic copies are the
  // same modules: fewer paths there.
  ...["", "/ar"].flatMap((prefix): PageEntry[] => [
    { route: `${prefix}/Book`, paths: [`${prefix}/Book`], access: "public" },
    {
      route: `${prefix}/Book/:token`,
      paths: prefix
        ? [`${prefix}/Book/{booking}`, `${prefix}/Book/{booking:cancelled}`, `${prefix}/Book/${UNKNOWN_TOKEN}`]
        : [
            "/Book/{booking}",
            "/Book/{booking:cancelled}",
            `/Book/${UNKNOWN_TOKEN}`,
            `/Book/${UNKNOWN_TOKEN.slice(1)}`,
            "/Book/{booking}x", // 42 and 44 characters
            "/Book/{token}", // an order's status token is no appointment's
          ],
      access: "public",
      // has("received"): the confirmation after a booking (coverage.ts sees get/getAll only).
      query: { received: "flag" },
    },
    // app/routes/public/book-ics.ts: the appointment as an iCalendar file, by the same link (404 for anything else).
    {
      route: `${prefix}/Book/:token/appointment.ics`,
      paths: [
        `${prefix}/Book/{booking}/appointment.ics`,
        `${prefix}/Book/{booking:cancelled}/appointment.ics`,
        `${prefix}/Book/${UNKNOWN_TOKEN}/appointment.ics`,
      ],
      access: "public",
    },
  ]),
  // app/routes/dashboard/appointments.tsx: the filters are read by appointmentQueryFrom (app/domain/appointment-lists.ts),
  // the interpreter as a person field's text, the calendar's week by weekParam.
  {
    route: "/Dashboard/Appointments",
    paths: ["/Dashboard/Appointments"],
    access: "admin",
    query: { from: "date", to: "date", status: "orderStatus", language: "languageId", interpreter: "search", mode: "search", week: "date", page: "page" },
  },
  // app/routes/dashboard/appointment-new.tsx: the staff's booking by phone.
  { route: "/Dashboard/Appointments/New", paths: ["/Dashboard/Appointments/New"], access: "admin" },
  {
    route: "/Dashboard/Appointments/:appointmentId",
    paths: [
      "/Dashboard/Appointments/{appointment}",
      "/Dashboard/Appointments/{appointment:cancelled}",
      "/Dashboard/Appointments/999999",
      "/Dashboard/Appointments/0",
      "/Dashboard/Appointments/9007199254740993",
    ],
    access: "admin",
  },
];

export const APPOINTMENT_FORMS: FormEntry[] = [
  ...["", "/ar"].flatMap((prefix): FormEntry[] => [
    // app/features/appointments/booking-request.server.ts (BOOK_LIMITER): the booking and its two e-mails in one
    // write, relayed after the answer.
    { route: `${prefix}/Book`, path: `${prefix}/Book`, fields: bookingFields, access: "public", rateLimited: true, background: true },
    // app/features/appointments/appointment-status.server.ts (STATUS_PAGE_LIMITER): the customer cancels, naming the
    // version the page showed; the e-mails are relayed after the answer.
    {
      route: `${prefix}/Book/:token`,
      path: `${prefix}/Book/{booking}`,
      intent: "cancel",
      fields: { basedOn: "version" },
      access: "public",
      rateLimited: true,
      background: true,
    },
    // app/features/appointments/appointment-room.server.ts: a video appointment's Join, by the same link and limit. The
    // campaign's bookings are never confirmed, so it is always refused (404 not by video, 409 not open) and writes nothing.
    { route: `${prefix}/Book/:token`, path: `${prefix}/Book/{booking}`, intent: "join", fields: {}, access: "public", rateLimited: true },
    // app/features/accounts/status-link-claims.server.ts (the same limit): "Create an account" (docs/decisions/0042).
    {
      route: `${prefix}/Book/:token`,
      path: `${prefix}/Book/{booking}`,
      intent: "create-account",
      fields: {},
      access: "public",
      rateLimited: true,
      background: true,
    },
  ]),
  // app/routes/dashboard/appointment.tsx with staff-appointments.server.ts: staff cancel with a reason the customer is
  // e-mailed (relayed after the answer), naming the version the page showed.
  {
    route: "/Dashboard/Appointments/:appointmentId",
    path: "/Dashboard/Appointments/{appointment:requested}",
    intent: "cancel",
    fields: { basedOn: "version", reason: "message" },
    access: "admin",
    background: true,
  },
  // app/features/appointments/appointment-changes.server.ts: a booking on the customer's behalf (its e-mails relayed
  // after the answer) and a change of the time or the details, naming the version the page showed.
  { route: "/Dashboard/Appointments/New", path: "/Dashboard/Appointments/New", fields: staffBookingFields, access: "admin", background: true },
  {
    route: "/Dashboard/Appointments/:appointmentId",
    path: "/Dashboard/Appointments/{appointment:requested}",
    intent: "change",
    fields: { basedOn: "version", ...changeFields },
    access: "admin",
    background: true,
  },
];
