// The forms of the attack surface, as data: every form action of app/routes.ts with its fields and intent (one
// entry per intent), and the forms the worker routes of workers/*.ts receive (`worker: true`). The campaign
// (generate.ts, form-request.ts) fuzzes exactly what is listed here, as anonymous, interpreter and admin; coverage.ts
// fails the run when a route module's action or intents name something missing here. The pages are in surface.ts,
// what a field kind means in surface-kinds.ts; quote requests' and orders' forms have a file of their own,
// surface-orders.ts, booked appointments' surface-appointments.ts, interpreters' availability surface-availability.ts,
// spread into FORMS below.
import type { FormEntry } from "./surface-kinds";
import { APPOINTMENT_FORMS } from "./surface-appointments";
import { AVAILABILITY_FORMS } from "./surface-availability";
import { INVOICE_FORMS } from "./surface-invoices";
import { PAY_FORMS } from "./surface-pay";
import { RATING_FORMS } from "./surface-ratings";
import { CUSTOMER_ACCOUNT_FORMS } from "./surface-customer-accounts";
import { ACCOUNT_FORMS } from "./surface-account";
import { RATE_FORMS } from "./surface-rates";
import { OFFER_FORMS } from "./surface-offers";
import { PREFERENCE_FORMS } from "./surface-preferences";
import { ORDER_FORMS } from "./surface-orders";

const interpreterFields = { full_name: "name", Gender: "gender", email: "email", phone: "phone" } as const;
const website = { route: "/Dashboard/Website", path: "/Dashboard/Website", access: "admin", bucket: "MEDIA" } as const;
const studioEditor = { ...website, multipart: true } as const;
/** The contact form, posted to the worker (workers/contact.ts) from either language's contact page. */
const contactForm = {
  route: "/api/contact",
  worker: true,
  fields: { name: "name", email: "email", subject: "subject", message: "message", website: "honeypot", "cf-turnstile-response": "captcha" },
  access: "public",
  rateLimited: true,
  json: true,
  background: true,
} as const;
/** A service's fields in the studio's form, the new one's and an edited one's. */
const SERVICE_FIELDS = {
  title: "title",
  description: "description",
  photourl: "imageFile",
  photo_alt: "alt",
  // A checkbox, like the quote's consent: "on" when ticked, anything else refused.
  offers_calls: "consent",
  title_ar: "title",
  description_ar: "description",
  photo_alt_ar: "alt",
} as const;

export const FORMS: FormEntry[] = [
  // app/routes/auth/*.tsx, in English and in Arabic (/ar, the same modules)
  ...["", "/ar"].flatMap((prefix): FormEntry[] => [
    {
      route: `${prefix}/Login`,
      path: `${prefix}/Login`,
      fields: { email: "email", password: "password", redirectTo: "redirect" },
      access: "public",
      rateLimited: true,
    },
    // Its success writes the security event after the response (with the mail).
    { route: `${prefix}/Forgetpassword`, path: `${prefix}/Forgetpassword`, fields: { email: "email" }, access: "public", rateLimited: true, background: true },
    {
      route: `${prefix}/Resetpassword`,
      path: `${prefix}/Resetpassword`,
      fields: { token: "token", email: "email", password: "newPassword" },
      access: "public",
      rateLimited: true,
    },
  ]),
  // Sign-out (the sidebar's form). run.ts signs the sample accounts in again when it ends their session.
  { route: "/Logout", path: "/Logout", fields: {}, access: "signed-in" },

  // app/features/accounts/profile.server.ts: the signed-in user's own account. The current password is never the
  // real one (currentPassword), so the campaign's sample accounts keep theirs; tests/integration covers success.
  {
    route: "/Dashboard/Profile",
    path: "/Dashboard/Profile",
    intent: "change-password",
    fields: { currentPassword: "currentPassword", newPassword: "newPassword" },
    access: "signed-in",
    rateLimited: true,
  },
  { route: "/Dashboard/Profile", path: "/Dashboard/Profile", intent: "sign-out-others", fields: {}, access: "signed-in", rateLimited: true },
  // The dashboard's language, kept on the account (run.ts's sample accounts may end up in Arabic: nothing depends on it).
  { route: "/Dashboard/Profile", path: "/Dashboard/Profile", intent: "set-locale", fields: { locale: "locale" }, access: "signed-in", rateLimited: true },
  // app/features/accounts/users.server.ts (userId pools leave out the accounts the campaign signs in with)
  { route: "/Dashboard/Dashboardusers", path: "/Dashboard/Dashboardusers", intent: "set-role", fields: { id: "userId", role: "role" }, access: "admin" },
  { route: "/Dashboard/Dashboardusers", path: "/Dashboard/Dashboardusers", intent: "lock", fields: { id: "userId" }, access: "admin" },
  { route: "/Dashboard/Dashboardusers", path: "/Dashboard/Dashboardusers", intent: "unlock", fields: { id: "userId" }, access: "admin" },
  { route: "/Dashboard/Dashboardusers", path: "/Dashboard/Dashboardusers", intent: "send-reset", fields: { id: "userId" }, access: "admin", background: true },

  // app/features/people/interpreters.server.ts
  {
    route: "/Dashboard/Interpreter",
    path: "/Dashboard/Interpreter",
    intent: "create",
    fields: { ...interpreterFields, password: "newPassword" },
    access: "admin",
  },
  { route: "/Dashboard/Interpreter", path: "/Dashboard/Interpreter", intent: "update", fields: { id: "userId", ...interpreterFields }, access: "admin" },
  { route: "/Dashboard/Interpreter", path: "/Dashboard/Interpreter", intent: "delete", fields: { id: "userId" }, access: "admin" },
  // app/features/people/languages.server.ts
  { route: "/Dashboard/Language", path: "/Dashboard/Language", intent: "create", fields: { name: "name" }, access: "admin" },
  { route: "/Dashboard/Language", path: "/Dashboard/Language", intent: "update", fields: { id: "languageId", name: "name" }, access: "admin" },
  { route: "/Dashboard/Language", path: "/Dashboard/Language", intent: "delete", fields: { id: "languageId" }, access: "admin" },
  // app/features/people/user-languages.server.ts
  {
    route: "/Dashboard/UserLanguages",
    path: "/Dashboard/UserLanguages",
    intent: "create",
    fields: { userId: "userId", languageId: "languageId" },
    access: "admin",
  },
  { route: "/Dashboard/UserLanguages", path: "/Dashboard/UserLanguages", intent: "delete", fields: { id: "linkId" }, access: "admin" },
  // app/features/contact/inbox.server.ts
  { route: "/Dashboard/Inbox", path: "/Dashboard/Inbox", intent: "read", fields: { id: "messageId" }, access: "admin" },
  { route: "/Dashboard/Inbox", path: "/Dashboard/Inbox", intent: "unread", fields: { id: "messageId" }, access: "admin" },
  { route: "/Dashboard/Inbox", path: "/Dashboard/Inbox", intent: "retry", fields: { id: "messageId" }, access: "admin", background: true },
  { route: "/Dashboard/Inbox", path: "/Dashboard/Inbox", intent: "delete", fields: { id: "messageId" }, access: "admin" },

  // app/features/studio/website.server.ts, the content studio. The record editors are multipart (their images are
  // files); delete, move and restore are plain forms. A save names the version it was based on (basedOn): an older
  // one is refused with 409. Successful saves replace and delete files in the R2 bucket and change the public pages.
  {
    ...studioEditor,
    intent: "save-company",
    fields: {
      basedOn: "version",
      title: "title",
      description: "description",
      address: "address",
      email: "email",
      phone: "phone",
      facebook: "url",
      instegram: "url",
      linkedin: "url",
      homecover: "imageFile",
      homecover_alt: "alt",
      contactcover: "imageFile",
      contactcover_alt: "alt",
      title_ar: "title",
      description_ar: "description",
      address_ar: "address",
      homecover_alt_ar: "alt",
      contactcover_alt_ar: "alt",
    },
  },
  {
    ...studioEditor,
    intent: "save-about",
    fields: {
      basedOn: "version",
      description: "description",
      photoaurl: "imageFile",
      photoa_alt: "alt",
      photoburl: "imageFile",
      photob_alt: "alt",
      description_ar: "description",
      photoa_alt_ar: "alt",
      photob_alt_ar: "alt",
    },
  },
  { ...studioEditor, intent: "create-service", fields: SERVICE_FIELDS },
  { ...studioEditor, intent: "save-service", fields: { id: "contentId", basedOn: "version", ...SERVICE_FIELDS } },
  { ...website, intent: "delete-service", fields: { id: "contentId" } },
  { ...website, intent: "move-service", fields: { id: "contentId", direction: "direction" } },
  { ...website, intent: "restore", fields: { record: "record", id: "contentId", version: "version", basedOn: "version" } },

  // workers/contact.ts: the contact form (app/features/contact/ContactForm.tsx) and scripts asking for JSON; the same
  // form on the Arabic contact page, whose action names the page's language, which the message keeps.
  { ...contactForm, path: "/api/contact" },
  { ...contactForm, path: "/api/contact?lang=ar" },

  // workers/calls.ts (issue 21): a caller's page hands over the room's key for the room's cookie; a hang-up over HTTP
  // when a room page's socket is down. Neither opens anything without the key, the cookie or the interpreter's session.
  { route: "/api/calls/", path: "/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b/enter", worker: true, fields: { key: "token" }, access: "public" },
  { route: "/api/calls/", path: "/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b/hangup", worker: true, fields: {}, access: "public" },

  // /Quote, the status page's intents, an order's steps and a job's delivery.
  ...ORDER_FORMS,
  // /Book and the customer's cancellation (issue 25).
  ...APPOINTMENT_FORMS,
  // Working hours and time off on Profile, and an interpreter's page with credentials too (issue 25).
  ...AVAILABILITY_FORMS,
  ...RATE_FORMS,
  ...INVOICE_FORMS,
  ...PAY_FORMS,
  ...RATING_FORMS,
  ...CUSTOMER_ACCOUNT_FORMS,
  ...ACCOUNT_FORMS,
  ...OFFER_FORMS,
  ...PREFERENCE_FORMS,
  // app/features/calls/call-link-form.server.ts: an administrator's call link for a named customer, billed to them when their
  // e-mail is given (shown, nothing stored).
  {
    route: "/Dashboard/Dashboardcall",
    path: "/Dashboard/Dashboardcall",
    intent: "call-link",
    fields: { name: "name", language: "languageId", type: "callType", validFor: "linkHours", locale: "locale", customer: "email" },
    access: "admin",
  },
  // app/features/calls/callback.server.ts: the callback form (CALL_LIMITER), stored in the inbox and relayed after.
  ...["", "/ar"].map((prefix): FormEntry => ({
    route: `${prefix}/Call`,
    path: `${prefix}/Call`,
    fields: { name: "name", phone: "phone", email: "email", language: "languageId", note: "message", callId: "token", website: "honeypot" },
    access: "public",
    rateLimited: true,
    background: true,
  })),
];
