// The allowed requests of the contact outbox (app/backend/supabase/outbox.server.ts, table contact_messages).
// All are extensions: SPEC §7 posts the contact form straight to the e-mail provider; the worker stores each
// message first and relays it after (DESIGN "contact outbox"), with the service role only.
import { is, type RestShape } from "./match";

const OUTBOX = "contact outbox (contact_messages; the worker stores each message before relaying it)";
const COLUMNS = "id,name,email,subject,message,received_at,status,attempts,last_error,next_attempt_at,sent_at,read_at,locale";
const EQ_INT = /^eq\.\d+$/;
const EQ_UUID = /^eq\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNCLAIMED = /^\(claimed_until\.is\.null,claimed_until\.lt\.\d+\)$/;
const REPRESENTATION = ["return=representation"];
const CLAIMED = { id: EQ_INT, claim_id: EQ_UUID };
const RELEASE = { claim_id: is.literal(null), claimed_until: is.literal(null) };

const outbox = (shape: Omit<RestShape, "service" | "table" | "key" | "extension"> & { why: string }): RestShape => {
  const { why, ...rest } = shape;
  return { ...rest, service: "rest", table: "contact_messages", key: "service", extension: `${OUTBOX}: ${why}` };
};

export const OUTBOX_SHAPES: RestShape[] = [
  outbox({
    id: "rest.contact_messages.save",
    why: "save a message",
    method: "POST",
    select: COLUMNS,
    prefer: REPRESENTATION,
    body: {
      required: { name: is.text, email: is.text, subject: is.text, message: is.text, locale: is.literal("en", "ar"), received_at: is.int, next_attempt_at: is.int },
    },
  }),
  outbox({
    id: "rest.contact_messages.due",
    why: "the pending messages due now and not claimed by another run, oldest first",
    method: "GET",
    select: COLUMNS,
    params: { status: "eq.pending", next_attempt_at: /^lte\.\d+$/, or: UNCLAIMED, order: "next_attempt_at.asc,id.asc", limit: /^\d+$/ },
  }),
  outbox({
    id: "rest.contact_messages.claim",
    why: "claim a due message for one relay run (an expiring lease)",
    method: "PATCH",
    select: "id",
    params: { id: EQ_INT, status: "eq.pending", next_attempt_at: /^lte\.\d+$/, or: UNCLAIMED },
    prefer: REPRESENTATION,
    body: { required: { claim_id: is.uuid, claimed_until: is.int } },
  }),
  outbox({
    id: "rest.contact_messages.attempts",
    why: "the attempts of a message this run has claimed",
    method: "GET",
    select: "attempts",
    params: CLAIMED,
  }),
  outbox({
    id: "rest.contact_messages.mark-sent",
    why: "the provider accepted the message",
    method: "PATCH",
    params: CLAIMED,
    body: { required: { status: is.literal("sent"), sent_at: is.int, attempts: is.int, last_error: is.literal(null), ...RELEASE } },
  }),
  outbox({
    id: "rest.contact_messages.mark-failed",
    why: "one failed attempt: pending again later, or failed for good",
    method: "PATCH",
    params: CLAIMED,
    body: {
      required: { attempts: is.int, last_error: is.string, status: is.literal("pending", "failed"), ...RELEASE },
      optional: { next_attempt_at: is.int },
    },
  }),
  outbox({
    id: "rest.contact_messages.mark-waiting",
    why: "nothing attempted (no provider configured), the reason shown",
    method: "PATCH",
    params: CLAIMED,
    body: { required: { last_error: is.string, ...RELEASE } },
  }),
  outbox({ id: "rest.contact_messages.list", why: "the staff inbox, newest first", method: "GET", select: COLUMNS, params: { order: "received_at.desc,id.desc" } }),
  outbox({ id: "rest.contact_messages.get", why: "one message", method: "GET", select: COLUMNS, params: { id: EQ_INT } }),
  outbox({
    id: "rest.contact_messages.set-read",
    why: "mark read or unread",
    method: "PATCH",
    select: "id",
    params: { id: EQ_INT },
    prefer: REPRESENTATION,
    body: { required: { read_at: is.nullable(is.int) } },
  }),
  outbox({
    id: "rest.contact_messages.retry-now",
    why: "staff's Retry now",
    method: "PATCH",
    select: "id",
    params: { id: EQ_INT, status: "neq.sent" },
    prefer: REPRESENTATION,
    body: { required: { status: is.literal("pending"), next_attempt_at: is.int } },
  }),
  outbox({ id: "rest.contact_messages.remove", why: "delete a message", method: "DELETE", select: "id", params: { id: EQ_INT }, prefer: REPRESENTATION }),
  outbox({
    id: "rest.contact_messages.unread-count",
    why: "the unread count (a HEAD request with Prefer: count=exact)",
    method: "HEAD",
    select: "id",
    params: { read_at: "is.null" },
    prefer: ["count=exact"],
  }),
];
