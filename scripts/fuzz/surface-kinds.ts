// What the entries of the attack surface are made of: who sends a request, who gets past a route's guard, the
// kinds of form fields and query parameters (payloads-plausible.ts makes a plausible value of each, payloads.ts a
// hostile one), and the shape of a page entry and a form entry. The entries themselves are data: pages in
// surface.ts, forms in surface-forms.ts, quote requests' and orders' in surface-orders.ts; all of them import
// these types from here, and nothing here imports them back.

/** Who sends a request: no cookie, or the real session of a sample account. */
// A customer organisation's requester (issue 27) signs in too: /Account is theirs, the dashboard refuses them.
export const ROLES = ["anonymous", "interpreter", "admin", "requester"] as const;
export type Role = (typeof ROLES)[number];

/** Who gets past the route's guard (informative: the campaign sends every role everywhere). */
export type Access = "public" | "signed-in" | "admin";

/** What a form field holds; payloads-plausible.ts makes a plausible value of each kind, payloads.ts a hostile one. */
export type FieldKind =
  | "email"
  | "password"
  | "currentPassword"
  | "newPassword"
  | "role"
  | "name"
  | "gender"
  | "phone"
  | "subject"
  | "message"
  | "honeypot"
  | "captcha"
  | "userId"
  | "languageId"
  | "linkId"
  | "messageId"
  | "token"
  | "redirect"
  // the content studio (app/domain/studio.ts)
  | "title"
  | "description"
  | "address"
  /** An optional https link (facebook, instegram, linkedin). */
  | "url"
  /** An image's alt text. */
  | "alt"
  /** A record's version number (basedOn, restore's version). */
  | "version"
  /** Moving a service: up or down. */
  | "direction"
  /** Which studio record: company, about or service. */
  | "record"
  /** A service's id (the company's and the about page's for restore). */
  | "contentId"
  /** A file input: sent as a file part of a multipart body (see FormEntry.multipart). */
  | "imageFile"
  /** A language of the site (the Profile page's dashboard language): en or ar. */
  | "locale"
  // Quote requests and orders (app/domain/quote-request.ts, order-forms.ts): a company name; a service's and the
  // source language's id; the target languages (a repeated field: at least one, none the source); days (YYYY-MM-DD
  // on the company's calendar) of a deadline, a quote's due date and its last valid day; a price ("1,250.50") and
  // one of QUOTE_CURRENCIES; the consent checkbox ("on"); who to assign (a users row id); documents (repeated file
  // parts: PDF, DOCX, TXT, JPEG or PNG by their bytes).
  | "company"
  | "serviceId"
  | "sourceLanguage"
  | "targetLanguages"
  | "deadline"
  | "dueDate"
  | "validUntil"
  | "amount"
  | "currency"
  | "consent"
  | "interpreterId"
  | "documents"
  // A staff member's call link (app/domain/call-forms.ts): video or audio, and how many hours it works.
  | "callType"
  | "linkHours"
  // Booked appointments (app/domain/booking-request.ts, /Book): a language someone is linked to; on site, video or
  // phone; the setting; the day and the start time typed in the company's zone, and which of a repeated time (the
  // autumn-change night); the expected duration in minutes; the preferred interpreter's gender ("" for none).
  | "bookingLanguage"
  | "appointmentMode"
  | "appointmentSetting"
  | "bookingDate"
  | "bookingTime"
  | "occurrence"
  | "duration"
  | "genderPreference"
  // Interpreters' availability and credentials (app/domain/availability-forms.ts, issue 25): a weekday's working hours
  // ("09:00-12:00, 13:00-17:00", "" a day off); a calendar day (YYYY-MM-DD: time off's first and last day, the last
  // one after the first of the same form); a credential's optional expiry ("" for none); a credential's name; time
  // off's one-line note; the id of a time-off or credential row (the run's set-up adds some: availability.ts).
  | "workingHours"
  | "calendarDay"
  | "expiryDay"
  | "credentialName"
  | "note"
  | "timeOffId"
  | "credentialId"
  // An offer of an appointment (My jobs' Accept and Decline): its id.
  | "offerId"
  // Preferred and blocked interpreters (app/domain/preferences.ts): a stance, an organisation admin's request's id and
  // staff's answer to it.
  | "stance"
  | "preferenceRequestId"
  | "preferenceAnswer"
  // After an appointment (app/domain/record-forms.ts): what happened (held, or whose no-show); the actual start's day
  // (YYYY-MM-DD) and the start and end (HH:MM) on the company's clock; travel minutes.
  | "attendanceOutcome"
  | "actualDay"
  | "actualTime"
  | "travelMinutes"
  // An appointment an interpreter joins the call room of (My jobs' Join): its id.
  | "appointmentId"
  // A rate line (app/domain/rate-forms.ts, the Rates page): the customer's price or the interpreter's pay; the kind of
  // work and its unit; a language's id or "" for any; a customer's (bill) or interpreter's (pay) e-mail, "" for the list or
  // the default; a minimum or increment (minutes, words or pages); a surcharge in percent ("" for none); the first day.
  | "rateSide"
  | "rateService"
  | "rateUnit"
  | "rateLanguage"
  | "rateCustomer"
  | "rateInterpreter"
  | "rateQuantity"
  | "ratePercent"
  | "rateDay"
  // A new invoice draft (app/domain/invoice-forms.ts, the Invoices page): the month of its period, YYYY-MM.
  | "invoiceMonth"
  // A payment recorded by hand: how it came in (bank-transfer, card, cash, cheque, other).
  | "paymentMethod"
  // "Mark paid" on an interpreter's pay statement (app/features/pay/statements.server.ts): how many lines and how much
  // (minor units) still to pay its page showed.
  | "payLines"
  | "payMinor"
  // A requester's rating (app/domain/ratings.ts, /Account/Rate): the score (1–5) and the optional comment.
  | "ratingScore"
  | "ratingComment";

/** What a query parameter holds. */
export type QueryKind =
  | "page"
  | "sort"
  | "direction"
  | "search"
  | "rowId"
  | "contentId"
  | "numericList"
  | "redirect"
  | "token"
  | "routeIds"
  | "flag"
  /** An order's status (ORDER_STATUSES), a day (YYYY-MM-DD), a language's id: the order list's filters. */
  | "orderStatus"
  | "date"
  | "languageId"
  /** A month, YYYY-MM: the Reports page's period (app/domain/reports.ts reportPeriodFrom), Interpreter pay's filter. */
  | "month"
  /** A staff member's call link for /Call: the link's terms and their signature (app/features/calls/call-link.server.ts). */
  | "callLink";

/** The R2 buckets a form may write: MEDIA (the studio's public images), FILES (orders' private documents). */
export type BucketName = "MEDIA" | "FILES";

export type PageEntry = {
  /** The path as app/routes.ts spells it ("/call-room/:roomId", "/Dashboard/*"), or the worker route's prefix. */
  route: string;
  /**
   * Concrete paths to request: params and splats filled in with real and unknown values. A `{…}` placeholder
   * (params.ts) is filled per request from what the run's set-up created: `{order}` / `{order:quoted}` an order
   * (one that started in that state), `{token}` / `{token:quoted}` its status link, `{revoked}` a revoked link,
   * `{file}` / `{delivery}` a file of the order named before it, `{otherFile}` a file of another order, `{customer}`;
   * `{booking}` / `{booking:cancelled}` a booked appointment's private link (appointments.ts), `{person}` a users row's id
   * (the interpreters' availability pages).
   */
  paths: string[];
  access: Access;
  /** The query parameters its loader (or a helper it calls) reads. */
  query?: Record<string, QueryKind>;
  /** A route of workers/*.ts, not of app/routes.ts. */
  worker?: true;
};

export type FormEntry = {
  /** The route (as in PAGES) whose action receives this form. */
  route: string;
  /** Where the form posts (placeholders as in PageEntry.paths). */
  path: string;
  /** The `intent` the form's button sends, when the action dispatches on it (app/request/intents.server.ts). */
  intent?: string;
  fields: Record<string, FieldKind>;
  access: Access;
  /** Limited per CF-Connecting-IP, 5 or 10 a minute (wrangler.toml [[ratelimits]]). */
  rateLimited?: true;
  /** Also used by scripts that ask for JSON (Accept: application/json). */
  json?: true;
  /**
   * The form is multipart/form-data (encType): bodies.ts sends it that way most of the time, with its imageFile and
   * documents fields as file parts (valid files, wrong bytes, empty files, hostile names and types).
   */
  multipart?: true;
  /**
   * Its action stores or deletes files in this R2 bucket (the studio's images, orders' documents): run.ts lists the
   * bucket around these requests too, and a rejected one must leave it as it was (uploads of a refused request are
   * deleted again).
   */
  bucket?: BucketName;
  worker?: true;
  /** Its body is a Stripe event (JSON with its Stripe-Signature), not fields: made by stripe-events.ts, every one forged. */
  stripeEvent?: true;
  /**
   * Its success schedules ctx.waitUntil work that writes to D1 (the contact relay, order e-mails): run.ts lets it finish
   * before reading row counts, so the two workerd processes sharing the SQLite files do not collide.
   */
  background?: true;
};
