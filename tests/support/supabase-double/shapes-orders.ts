// The allowed requests of quote requests and orders (issue 13; app/backend/supabase/orders.server.ts,
// order-lists.server.ts, mail-outbox.server.ts and files.server.ts). All are extensions beyond SPEC §7, and all carry
// the service-role key: the orders' tables, mail_outbox and the private bucket are the worker's alone (the
// customer's status page, the staff's and the interpreter's screens all reach them through the worker, after the
// route has checked who asks). Every change to an order is ONE call of a SQL function of
// supabase/migrations/20261126000000_push_orders.sql (one transaction); the staff's lists and an order's page are
// functions too, because their filters and sums cross tables.
import { DOCUMENT_FORMATS } from "../../../app/features/orders/document-bytes.server";
import { MAIL_KINDS } from "../../../app/domain/mail";
import { ORDERS_PAGE_SIZE } from "../../../app/domain/order-records";
import { is, workerShape, type AuthShape, type RestShape, type ValueCheck } from "./match";
import { ORDER_STATUSES } from "./schema-orders";
import { relayShapes } from "./shapes-outbox";

const ORDERS = "quote requests and orders (issue 13)";
const MAIL = "order e-mails (mail_outbox; the worker stores each before relaying it, docs/decisions/0020)";
const FILES = "orders' files in the private bucket (customers' documents, deliveries; never public)";
const MIGRATION = "supabase/migrations/20261126000000_push_orders.sql, 20261128000000_push_order_mail_atomic.sql";
const EQ_INT = /^eq\.\d+$/;
const EQ_UUID = /^eq\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A private object's key: random, under orders/ (app/features/orders/order-files.server.ts). */
const KEY = /^orders\/[A-Za-z0-9._-]+$/;

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const count: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
const day: ValueCheck = (value) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
const status = is.literal(...ORDER_STATUSES);
const contentType = is.literal(...Object.values(DOCUMENT_FORMATS).map((format) => format.contentType));
const isRecord = (value: unknown): value is Record<string, unknown> => is.object(value);
/** Exactly these keys (jsonb_to_record reads these; any other is a mistake). */
const keys = (value: object, wanted: string[]) => Object.keys(value).sort().join() === [...wanted].sort().join();
/** An object of exactly the `wanted` keys whose values pass `check`. */
const record =
  (wanted: string[], check: (value: Record<string, unknown>) => boolean): ValueCheck =>
  (value) =>
    isRecord(value) && keys(value, wanted) && check(value);
/** A JSON array, maybe empty, of such objects. */
const listOf =
  (item: ValueCheck): ValueCheck =>
  (value) =>
    Array.isArray(value) && value.every(item);
/** p_files / p_delivery_files: [{ object_key, file_name, content_type, size }], maybe none. */
const files = listOf(
  record(
    ["object_key", "file_name", "content_type", "size"],
    (file) =>
      typeof file.object_key === "string" && KEY.test(file.object_key) && is.text(file.file_name) && contentType(file.content_type) && positive(file.size),
  ),
);
/** p_quote: { amount_minor, currency, due_date, valid_until } */
const quote = record(
  ["amount_minor", "currency", "due_date", "valid_until"],
  (value) =>
    positive(value.amount_minor) && typeof value.currency === "string" && /^[A-Z]{3}$/.test(value.currency) && day(value.due_date) && day(value.valid_until),
);
/** p_mails: [{ kind, to_email, subject, body }], the e-mails stored with a change (maybe none). */
const mails = listOf(
  record(
    ["kind", "to_email", "subject", "body"],
    (mail) => is.literal(...MAIL_KINDS)(mail.kind) && is.text(mail.to_email) && is.text(mail.subject) && is.text(mail.body),
  ),
);
const ids: ValueCheck = (value) => Array.isArray(value) && value.length > 0 && value.every(positive);

const rpc = (name: string, why: string, body: RestShape["body"]): RestShape => ({
  id: `rpc.${name}`,
  extension: `${ORDERS}: ${why} (${MIGRATION} public.${name}, one transaction, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body,
});

const FILE_COLUMNS = "id,order_id,kind,object_key,file_name,content_type,size,created_at";
const JOB_COLUMNS = "id,status,version,service_title,source_language,deadline,created_at,order_targets(language,position)";
/** The outbox rows the relay and the order and appointment pages read (app/backend/rows/order.server.ts). */
export const MAIL_COLUMNS = "id,kind,to_email,subject,body,order_id,appointment_id,invoice_id,created_at,status,attempts,last_error,next_attempt_at,sent_at";
const MAIL_INSERT = ["kind", "to_email", "subject", "body", "order_id", "created_at", "next_attempt_at"];
const mail = workerShape("mail_outbox", MAIL);

export const ORDER_REST_SHAPES: RestShape[] = [
  // ---- The changes: one SQL function call each ----
  rpc("push_next_order_id", "the id the next request is stored under (a sequence value), so that its e-mails can name it", { required: {} }),
  rpc(
    "push_create_order",
    "a quote request — the customer found by lower-cased e-mail or created, the order under the id asked for, its targets, files, first history entry and e-mails; unknown service or language refused, storing nothing",
    {
      required: {
        p_id: positive,
        p_mails: mails,
        p_name: is.text,
        p_email: is.text,
        p_phone: is.string,
        p_company: is.string,
        p_service_id: positive,
        p_source_language_id: positive,
        p_target_language_ids: ids,
        p_deadline: day,
        p_details: is.string,
        p_locale: is.literal("en", "ar"),
        p_token_hash: (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value),
        p_token_sealed: is.text,
        p_files: files,
        p_now: positive,
      },
    },
  ),
  rpc(
    "push_transition_order",
    "a transition — the compare-and-set on version and status, and only when it wins the quote, interpreter, cancel reason, delivered files, history entry and e-mails",
    {
      required: {
        p_mails: mails,
        p_id: positive,
        p_transition: is.literal("quote", "accept", "decline", "assign", "deliver", "complete", "cancel"),
        p_from: status,
        p_to: status,
        p_based_on: positive,
        p_actor: is.literal("staff", "customer", "interpreter"),
        p_actor_id: is.nullable(is.uuid),
        p_quote: is.nullable(quote),
        p_interpreter_id: is.nullable(is.uuid),
        p_cancel_reason: is.nullable(is.string),
        p_delivery_files: files,
        p_detail: is.object,
        p_now: positive,
      },
    },
  ),
  rpc("push_add_order_message", "a message of the thread, the customer's or staff's, with its e-mails", {
    required: {
      p_mails: mails,
      p_id: positive,
      p_author: is.literal("customer", "staff"),
      p_author_id: is.nullable(is.uuid),
      p_body: is.text,
      p_now: positive,
    },
  }),
  rpc("push_set_order_note", "the internal note, logged in the history", { required: { p_id: positive, p_note: is.string, p_by: is.uuid, p_now: positive } }),
  rpc("push_set_customer_currency", "a customer's billing currency (the route checked it is one of QUOTE_CURRENCIES)", {
    required: { p_id: positive, p_currency: (value) => typeof value === "string" && /^[A-Z]{3}$/.test(value) },
  }),
  rpc("push_revoke_order_link", "the status link revoked for good, logged in the history", { required: { p_id: positive, p_by: is.uuid, p_now: positive } }),
  rpc("push_verify_order_identity", "the order becomes its customer's: the e-mailed link was opened, or staff confirmed it (issue 22)", {
    required: { p_id: positive, p_now: positive },
  }),

  // ---- The reads the staff's screens and the status page need ----
  rpc("push_get_order", "an order with its customer, quote, targets, files, thread and history", { required: { p_id: positive } }),
  rpc("push_order_by_token", "the order behind a status link (its token's SHA-256), unless revoked", {
    required: { p_token_hash: (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value) },
  }),
  rpc("push_list_orders", "a page of the order list (20, newest first) with its total: status, service, language, requested days, search", {
    required: {
      p_search: is.string,
      p_order_id: is.nullable(positive),
      p_status: is.nullable(status),
      p_service_id: is.nullable(positive),
      p_language_id: is.nullable(positive),
      p_from: is.nullable(day),
      p_to: is.nullable(day),
      p_limit: positive,
      p_offset: count,
    },
  }),
  rpc("push_list_customers", "a page of the customers (20) with their order count, accepted value and last order, and the total", {
    required: { p_search: is.string, p_limit: positive, p_offset: count },
  }),
  rpc("push_get_customer", "a customer with one page of their orders (20, newest first)", {
    required: { p_id: positive, p_limit: (value) => value === ORDERS_PAGE_SIZE, p_offset: count },
  }),

  // ---- Plain reads: an interpreter's jobs (never a price or a customer), one file ----
  {
    id: "rest.orders.jobs",
    extension: `${ORDERS}: the orders assigned to an interpreter, newest first, with only the columns a job shows`,
    service: "rest",
    method: "GET",
    table: "orders",
    key: "service",
    select: JOB_COLUMNS,
    params: { interpreter_id: EQ_UUID, order: "created_at.desc,id.desc", offset: /^\d+$/, limit: String(ORDERS_PAGE_SIZE) },
    prefer: ["count=exact"],
  },
  {
    id: "rest.orders.jobs-count",
    extension: `${ORDERS}: counts an interpreter's jobs (HEAD, Prefer: count=exact) when a page past the end got 416 without a count`,
    service: "rest",
    method: "HEAD",
    table: "orders",
    key: "service",
    select: "id",
    params: { interpreter_id: EQ_UUID },
    prefer: ["count=exact"],
  },
  {
    id: "rest.orders.job",
    extension: `${ORDERS}: one order if it is assigned to this interpreter, with its details and files`,
    service: "rest",
    method: "GET",
    table: "orders",
    key: "service",
    select: `${JOB_COLUMNS},details,order_files(${FILE_COLUMNS})`,
    params: { id: EQ_INT, interpreter_id: EQ_UUID },
  },
  {
    id: "rest.order_files.get",
    extension: `${ORDERS}: one file of one order (a download route's lookup: a file of another order is not found)`,
    service: "rest",
    method: "GET",
    table: "order_files",
    key: "service",
    select: FILE_COLUMNS,
    params: { id: EQ_INT, order_id: EQ_INT },
  },

  // ---- Order e-mails: stored together, relayed as the contact outbox's ----
  mail({
    id: "rest.mail_outbox.enqueue",
    why: "the e-mails of one event, stored in one insert (pending, due at once)",
    method: "POST",
    params: { columns: MAIL_INSERT.map((column) => `"${column}"`).join(",") },
    arrayBody: true,
    body: {
      required: {
        kind: is.literal(...MAIL_KINDS),
        to_email: is.text,
        subject: is.text,
        body: is.text,
        order_id: is.nullable(positive),
        created_at: positive,
        next_attempt_at: positive,
      },
    },
  }),
  mail({
    id: "rest.mail_outbox.for-order",
    why: "an order's e-mails, newest first (what staff see of what the customer was told)",
    method: "GET",
    select: MAIL_COLUMNS,
    params: { order_id: EQ_INT, order: "created_at.desc,id.desc" },
  }),
  ...relayShapes("mail_outbox", MAIL_COLUMNS, MAIL, "mail"),
];

export const ORDER_STORAGE_SHAPES: AuthShape[] = [
  {
    id: "storage.files.upload",
    extension: `${FILES}: a document or a delivery (PDF, DOCX, TXT, JPEG or PNG, checked by its bytes) under a new random key, never replacing an object`,
    service: "storage",
    method: "POST",
    path: /^\/object\/[^/]+\/orders\/[A-Za-z0-9._-]+$/,
    key: "service",
    headers: {
      "x-upsert": "false",
      "content-type": new RegExp(
        `^(${Object.values(DOCUMENT_FORMATS)
          .map((format) => format.contentType.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join("|")})$`,
      ),
      "cache-control": "max-age=3600",
    },
    binaryBody: true,
  },
  {
    id: "storage.files.download",
    extension: `${FILES}: one object's bytes, for a download route that has checked who asks (an authenticated download, not a public URL)`,
    service: "storage",
    method: "GET",
    path: /^\/object\/(?!public\/|authenticated\/|sign\/|info\/)[^/]+\/orders\/[A-Za-z0-9._-]+$/,
    key: "service",
  },
  {
    id: "storage.files.remove",
    extension: `${FILES}: the uploads of a refused request, in one call`,
    service: "storage",
    method: "DELETE",
    path: /^\/object\/[^/]+$/,
    key: "service",
    body: { required: { prefixes: (value) => Array.isArray(value) && value.length > 0 && value.every((key) => typeof key === "string" && KEY.test(key)) } },
  },
];
