// The allowed requests of the contact outbox (app/backend/supabase/outbox.server.ts, table contact_messages), and of
// the relay side both e-mail queues share (app/backend/supabase/relay-queue.server.ts: contact_messages and the order
// e-mails' mail_outbox, shapes-orders.ts). All are extensions: SPEC §7 posts the contact form straight to the e-mail
// provider; the worker stores each message first and relays it after (DESIGN "contact outbox"), with the service
// role only.
import { is, workerShape, type RestShape } from "./match";

const OUTBOX = "contact outbox (contact_messages; the worker stores each message before relaying it)";
const COLUMNS = "id,name,email,subject,message,received_at,status,attempts,last_error,next_attempt_at,sent_at,read_at,locale";
const EQ_INT = /^eq\.\d+$/;
const EQ_UUID = /^eq\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Unclaimed: only an outcome releases a claim (an expired one is settled, never taken again; issue 21). */
const UNCLAIMED = "is.null";
const REPRESENTATION = ["return=representation"];
const CLAIMED = { id: EQ_INT, claim_id: EQ_UUID };
const RELEASE = { claim_id: is.literal(null), claimed_until: is.literal(null) };

/**
 * The relay's requests on a queue (supabaseRelayQueue): what is due, the claim a run takes, the attempts it reads
 * under its claim, the outcome it writes while the claim holds, and one item. Ids `rest.<table>.<step>`.
 */
export function relayShapes(table: "contact_messages" | "mail_outbox", columns: string, queue: string, item: string): RestShape[] {
  const shape = workerShape(table, queue);
  return [
    shape({
      id: `rest.${table}.due`,
      why: `the pending ${item}s due now and not claimed by another run, oldest first`,
      method: "GET",
      select: columns,
      params: { status: "eq.pending", next_attempt_at: /^lte\.\d+$/, claimed_until: UNCLAIMED, order: "next_attempt_at.asc,id.asc", limit: /^\d+$/ },
    }),
    shape({
      id: `rest.${table}.claim`,
      why: `claim a due ${item} for one relay run (an expiring lease)`,
      method: "PATCH",
      select: "id",
      params: { id: EQ_INT, status: "eq.pending", next_attempt_at: /^lte\.\d+$/, claimed_until: UNCLAIMED },
      prefer: REPRESENTATION,
      body: { required: { claim_id: is.uuid, claimed_until: is.int } },
    }),
    shape({ id: `rest.${table}.attempts`, why: `the attempts of a ${item} this run has claimed`, method: "GET", select: "attempts", params: CLAIMED }),
    shape({
      id: `rest.${table}.mark-sent`,
      why: `the provider accepted the ${item}`,
      method: "PATCH",
      params: CLAIMED,
      body: { required: { status: is.literal("sent"), sent_at: is.int, attempts: is.int, last_error: is.literal(null), ...RELEASE } },
    }),
    shape({
      id: `rest.${table}.mark-failed`,
      why: "one failed attempt: pending again later, or failed for good",
      method: "PATCH",
      params: CLAIMED,
      body: {
        required: { attempts: is.int, last_error: is.string, status: is.literal("pending", "failed"), ...RELEASE },
        optional: { next_attempt_at: is.int },
      },
    }),
    shape({
      id: `rest.${table}.mark-waiting`,
      why: "nothing attempted (no provider configured): an unclaimed pending item, the reason shown",
      method: "PATCH",
      params: { id: EQ_INT, status: "eq.pending", claimed_until: UNCLAIMED },
      body: { required: { last_error: is.string } },
    }),
    shape({
      id: `rest.${table}.settle-abandoned`,
      why: `claims whose lease passed with no outcome (the run died while sending): failed as unconfirmed, never sent again`,
      method: "PATCH",
      select: "id",
      params: { status: "eq.pending", claimed_until: /^lt\.\d+$/ },
      prefer: REPRESENTATION,
      body: { required: { status: is.literal("failed"), last_error: is.string, ...RELEASE } },
    }),
    shape({ id: `rest.${table}.get`, why: `one ${item}`, method: "GET", select: columns, params: { id: EQ_INT } }),
  ];
}

const outbox = workerShape("contact_messages", OUTBOX);

export const OUTBOX_SHAPES: RestShape[] = [
  outbox({
    id: "rest.contact_messages.save",
    why: "save a message",
    method: "POST",
    select: COLUMNS,
    prefer: REPRESENTATION,
    body: {
      required: {
        name: is.text,
        email: is.text,
        subject: is.text,
        message: is.text,
        locale: is.literal("en", "ar"),
        received_at: is.int,
        next_attempt_at: is.int,
      },
    },
  }),
  ...relayShapes("contact_messages", COLUMNS, OUTBOX, "message"),
  outbox({
    id: "rest.contact_messages.list",
    why: "a page of the staff inbox, newest first: all, unread or failed, after the last message of the page before (issue 23)",
    method: "GET",
    select: COLUMNS,
    params: { order: "received_at.desc,id.desc", limit: /^\d{1,3}$/ },
    optional: {
      read_at: "is.null",
      status: "eq.failed",
      or: /^\(received_at\.lt\.\d{1,15},and\(received_at\.eq\.\d{1,15},id\.lt\.\d{1,15}\)\)$/,
    },
  }),
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
