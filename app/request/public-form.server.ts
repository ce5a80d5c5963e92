// The one guard of every public form — the contact form, quote requests, callbacks and the next ones (issue 24;
// docs/decisions/0027). In this order: the Origin, the rate limit (checked before the form is read, so a client past it
// costs no parsing), the form read, the honeypot, Turnstile, then the form's own shared schema. It answers the data, a
// bot (to be thanked, with nothing stored), or ONE failure shape with the same status for the same fault everywhere:
//   403  another site's post, or a failed challenge
//   400  a body that is not a form, or field messages
//   429  past the limit, with Retry-After
//   503  storage down (`storageDown`, after the guard, when the write fails)
// (413, a body over the limit, is the worker's: workers/request-admission.ts, before any route runs.)
// The other forms anyone can post (sign-in, password reset, a status link's actions) and the signed-in person's own
// account forms have no bot checks, only their limit: `refuseOverLimit`, here too, and so is the call socket's
// (`admitCallSocket`). Every rate-limit, honeypot and Turnstile check of the product is in this module.
import type { z } from "zod";
import type { Backend } from "~/backend/port.server";
import type { Messages } from "~/i18n";
import type { AppConfig } from "~/platform/core/config.server";
import type { FieldErrors } from "~/platform/page/form-failure";
import { formFailure } from "./action-result.server";
import { clientKey } from "~/platform/core/client-key.server";
import { keptValues, parseFormData, readForm } from "./forms.server";
import { messagesOfRequest } from "~/platform/page/locale";
import { isSameOrigin } from "~/platform/core/same-origin.server";
import { recordSecurityEvent } from "./security-log.server";
import { HONEYPOT_FIELD, TURNSTILE_FIELD } from "~/platform/page/bot-checks";
import { passesTurnstile, turnstileTokenPasses } from "./turnstile.server";
import { formText } from "~/platform/page/form-text";

export type PublicFormFailure = {
  status: 400 | 403 | 429 | 503;
  formError: string | null;
  errors: FieldErrors;
  /** What was typed, to refill the form (never the honeypot, the challenge's token or a password). */
  values: Record<string, string>;
  headers?: Record<string, string>;
};

export type GuardedForm<T> =
  | { kind: "accepted"; data: T; formData: FormData; values: Record<string, string> }
  | { kind: "bot" }
  /** `formData`: the form as read (null when it could not be), for a form that refills more than the values. */
  | { kind: "refused"; failure: PublicFormFailure; formData: FormData | null };

type PublicFormChecked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors; formError?: string | null };
/** The form's own check: its shared schema over the fields (and, for a form with files, the files by their bytes: then async). */
export type PublicFormCheck<T> = (formData: FormData) => PublicFormChecked<T> | Promise<PublicFormChecked<T>>;

/** A Workers rate-limit binding, keyed by clientKey (an IPv4 address, an IPv6 /64). */
export type Limiter = { limit(options: { key: string }): Promise<{ success: boolean }> };

export const RETRY_AFTER_SECONDS = 60;

async function withinRateLimit(limiter: Limiter, request: Request): Promise<boolean> {
  const { success } = await limiter.limit({ key: await clientKey(request) });
  return success;
}

/** A form posted past its limit: logged, and the headers its 429 carries. */
async function overLimit(app: { backend: Backend }, request: Request): Promise<Record<string, string>> {
  await recordSecurityEvent(app, request, { kind: "rate-limited", detail: new URL(request.url).pathname });
  return { "Retry-After": String(RETRY_AFTER_SECONDS) };
}

type Guard<T> = {
  limiter: Limiter;
  app: { backend: Backend; config: AppConfig };
  messages: Messages;
  check: PublicFormCheck<T>;
  /** The form's own words for two refusals (the contact form keeps the spec's). */
  wording?: { unreadable?: string; tooMany?: string };
};

const refused = (
  status: PublicFormFailure["status"],
  formError: string | null,
  values: Record<string, string> = {},
  extra: Partial<PublicFormFailure> = {},
  formData: FormData | null = null,
) => ({ kind: "refused", failure: { status, formError, errors: {}, values, ...extra }, formData }) as const;

export async function guardPublicForm<T>(request: Request, { limiter, app, messages: t, check, wording = {} }: Guard<T>): Promise<GuardedForm<T>> {
  if (!isSameOrigin(request)) return refused(403, t.contact.forbidden);
  const withinLimit = await withinRateLimit(limiter, request);
  const formData = await readForm(request);
  if (!formData) return refused(400, wording.unreadable ?? t.errors.notAForm);
  const values = keptValues(formData);
  delete values[HONEYPOT_FIELD];
  delete values[TURNSTILE_FIELD];
  // Past the limit the form only comes back as typed: nothing in it is checked or stored.
  if (!withinLimit) return refused(429, wording.tooMany ?? t.auth.tooManyAttempts, values, { headers: await overLimit(app, request) }, formData);
  if (formText(formData, HONEYPOT_FIELD).trim()) return { kind: "bot" };
  if (app.config.turnstile && !(await passesTurnstile(app.config.turnstile, formData, request)))
    return refused(403, t.contact.challengeFailed, values, {}, formData);
  formData.delete(HONEYPOT_FIELD);
  formData.delete(TURNSTILE_FIELD);
  const checked = await check(formData);
  if (!checked.ok) return refused(400, checked.formError ?? null, values, { errors: checked.errors }, formData);
  return { kind: "accepted", data: checked.data, formData, values };
}

/** The write failed (the database is unreachable): 503, the form as typed, nothing stored. */
export const storageDown = (formError: string, values: Record<string, string>): PublicFormFailure => ({ status: 503, formError, errors: {}, values });

/**
 * The 429 answer for a form posted past its limit, or null while the client is within it: for the forms without bot
 * checks. Call it before reading the form. A refused form still gets back what was typed (never a password): the body
 * is at most 64 KB (the worker's limit), and nothing in it is validated or checked. `t`: the answer's language — the
 * URL's for public and sign-in forms, the person's own on the dashboard.
 */
export async function refuseOverLimit(limiter: Limiter, request: Request, app: { backend: Backend }, t = messagesOfRequest(request)) {
  if (await withinRateLimit(limiter, request)) return null;
  const headers = await overLimit(app, request);
  const formData = await request.formData().catch(() => new FormData());
  return formFailure({ values: keptValues(formData), formError: t.auth.tooManyAttempts }, { status: 429, headers });
}

/**
 * A form without bot checks (sign-in, the password reset): over the limit nothing is read or checked (no password at
 * all) and the answer is 429; else the form is read and parsed with its shared schema (400 with field messages).
 */
export async function readLimitedForm<Schema extends z.ZodType>(limiter: Limiter, request: Request, app: { backend: Backend }, schema: Schema) {
  const overLimit = await refuseOverLimit(limiter, request, app);
  if (overLimit) return { refused: overLimit };
  const form = parseFormData(await request.formData(), schema);
  if (!form.ok) return { refused: formFailure(form) };
  return { data: form.data, formData: form.formData };
}

/**
 * The bot checks of a caller's socket from the website (it has no form): the limit of calls, then Turnstile's token
 * from the socket's address, when Turnstile is configured.
 */
export async function admitCallSocket(
  request: Request,
  limiter: Limiter,
  config: AppConfig,
  token: string,
): Promise<"admitted" | "too-many" | "challenge-failed"> {
  if (!(await withinRateLimit(limiter, request))) return "too-many";
  if (config.turnstile && !(await turnstileTokenPasses(config.turnstile, token, request))) return "challenge-failed";
  return "admitted";
}
