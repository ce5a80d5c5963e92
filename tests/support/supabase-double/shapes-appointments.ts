// The allowed requests of booked appointments (issue 25; app/backend/supabase/appointments.server.ts and
// mail-outbox.server.ts's forAppointment). Extensions beyond SPEC §7, all with the service-role key: the appointments
// table and mail_outbox are the worker's alone (the customer's page and the staff's screens reach them through the
// worker, after the route has checked who asks). A booking and a cancellation are each ONE call of a SQL function of
// supabase/migrations/20261202000000_push_appointments.sql (one transaction, with their e-mails).
import { APPOINTMENT_MODES, APPOINTMENT_SETTINGS, APPOINTMENT_STATUSES, GENDER_PREFERENCES } from "../../../app/domain/appointments";
import { MAIL_KINDS } from "../../../app/domain/mail";
import { is, workerShape, type RestShape, type ValueCheck } from "./match";
import { MAIL_COLUMNS } from "./shapes-orders";

const APPOINTMENTS = "booked appointments (issue 25)";
const MIGRATION = "supabase/migrations/20261202000000_push_appointments.sql";
const MAIL = "appointment e-mails (mail_outbox; the worker stores each with its booking or cancellation)";
const EQ_INT = /^eq\.\d+$/;

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const isRecord = (value: unknown): value is Record<string, unknown> => is.object(value);
const hash: ValueCheck = (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
/** p_mails: [{ kind, to_email, subject, body }], the e-mails stored with a change (maybe none). */
export const mails: ValueCheck = (value) =>
  Array.isArray(value) &&
  value.every(
    (mail: unknown) =>
      isRecord(mail) &&
      Object.keys(mail).sort().join() === "body,kind,subject,to_email" &&
      is.literal(...MAIL_KINDS)(mail.kind) &&
      is.text(mail.to_email) &&
      is.text(mail.subject) &&
      is.text(mail.body),
  );

const rpc = (name: string, why: string, body: RestShape["body"]): RestShape => ({
  id: `rpc.${name}`,
  extension: `${APPOINTMENTS}: ${why} (${MIGRATION} public.${name}, one transaction, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body,
});

export const APPOINTMENT_SHAPES: RestShape[] = [
  rpc("push_next_appointment_id", "the id the next booking is stored under (a sequence value), so that its e-mails can name it", { required: {} }),
  rpc(
    "push_request_appointment",
    "a booking — the customer found by lower-cased e-mail or created, the appointment under the id asked for with its blocked span, and its e-mails; an unknown language refused, storing nothing",
    {
      required: {
        p_id: positive,
        p_mails: mails,
        p_name: is.text,
        p_email: is.text,
        p_phone: is.string,
        p_organisation: is.string,
        p_language_id: positive,
        p_mode: is.literal(...APPOINTMENT_MODES),
        p_setting: is.literal(...APPOINTMENT_SETTINGS),
        p_starts_at: positive,
        p_minutes: positive,
        p_blocked_from: positive,
        p_blocked_to: positive,
        p_address: is.string,
        p_call_number: is.string,
        p_notes: is.string,
        p_gender_preference: is.nullable(is.literal(...GENDER_PREFERENCES)),
        p_locale: is.literal("en", "ar"),
        p_token_hash: hash,
        p_token_sealed: is.text,
        p_now: positive,
      },
      // A signed-in requester's "same interpreter as last time" (20261205001500), always both together.
      optional: { p_preferred_interpreter_id: is.uuid, p_preferred_organisation_id: positive },
    },
  ),
  rpc("push_get_appointment", "an appointment with its interpreter's name", { required: { p_id: positive } }),
  rpc("push_appointment_by_token", "the appointment behind a private link (its token's SHA-256)", { required: { p_token_hash: hash } }),
  rpc(
    "push_cancel_appointment",
    "a cancellation — the compare-and-set on the version while it is requested, offered or confirmed, and only when it wins its e-mails",
    {
      required: {
        p_id: positive,
        p_version: positive,
        p_by: is.literal("customer", "staff"),
        p_reason: is.string,
        p_mails: mails,
        p_now: positive,
      },
    },
  ),
  rpc("push_list_appointments", "one page of the staff's list, by start, with the total its filters match (20261202000100_push_appointment_lists.sql)", {
    required: {
      p_starts_from: is.nullable(positive),
      p_starts_before: is.nullable(positive),
      p_status: is.nullable(is.literal(...APPOINTMENT_STATUSES)),
      p_language_id: is.nullable(positive),
      p_interpreter_id: is.nullable(is.uuid),
      p_mode: is.nullable(is.literal(...APPOINTMENT_MODES)),
      p_limit: positive,
      p_offset: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
    },
  }),
  rpc("push_appointments_between", "a calendar week's appointments, by start, cancelled ones left out (20261202000100_push_appointment_lists.sql)", {
    required: { p_from: positive, p_to: positive, p_interpreter_id: is.nullable(is.uuid), p_limit: positive },
  }),
  workerShape(
    "mail_outbox",
    MAIL,
  )({
    id: "rest.mail_outbox.for-appointment",
    why: "an appointment's e-mails, newest first (what staff see of what the customer was told)",
    method: "GET",
    select: MAIL_COLUMNS,
    params: { appointment_id: EQ_INT, order: "created_at.desc,id.desc" },
  }),
  workerShape(
    "mail_outbox",
    "invoice e-mails (mail_outbox; the worker stores each with the sending, 20261205000000_push_invoice_links.sql)",
  )({
    id: "rest.mail_outbox.for-invoice",
    why: "an invoice's e-mails, newest first (relayed right after the sending that stored them)",
    method: "GET",
    select: MAIL_COLUMNS,
    params: { invoice_id: EQ_INT, order: "created_at.desc,id.desc" },
  }),
];
