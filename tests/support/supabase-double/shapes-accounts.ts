// The allowed PostgREST requests of account administration (issue 10: app/backend/supabase/devices.server.ts,
// self-service.server.ts, accounts.server.ts, events.server.ts). All are extensions: SPEC §7 has no Users page,
// no "Your sessions" and no security log. session_devices and security_events are the worker's own tables
// (supabase/migrations/20261123000000_push_account_administration.sql): the public keys hold no privilege on them,
// so every request here carries the service-role key.
import { is, workerShape, type RestShape } from "./match";
import { ACCOUNTS_PAGE_SIZE } from "../../../app/domain/accounts";
import { LINKS_PAGE_SIZE } from "../../../app/domain/people";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const EQ_UUID = new RegExp(`^eq\\.${UUID}$`, "i");
const NEQ_UUID = new RegExp(`^neq\\.${UUID}$`, "i");
/** A time as the worker writes it: Date#toISOString(). */
const ISO = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";
const isIso = (value: unknown) => typeof value === "string" && new RegExp(`^${ISO}$`).test(value);
const LT_ISO = new RegExp(`^lt\\.${ISO}$`);
const REPRESENTATION = ["return=representation"];
const text = is.nullable(is.string);

const DEVICES =
  "Your sessions (session_devices: one row per Supabase Auth session, keyed by the access token's session_id claim, " +
  "with the browser's user agent and address; the worker's table, service role only)";
const device = workerShape("session_devices", DEVICES);

const EVENTS = "the security log (security_events, kept 90 days; the worker's table, service role only)";
const event = workerShape("security_events", EVENTS);

export const ACCOUNT_SHAPES: RestShape[] = [
  // ---- Your sessions ----
  device({
    id: "rest.session_devices.record",
    why: "a sign-in records its session's device (created_at and last_seen_at default to now())",
    method: "POST",
    body: { required: { session_id: is.uuid, user_id: is.uuid, user_agent: text, address: text } },
  }),
  device({
    id: "rest.session_devices.seen",
    why:
      "a signed-in request reads its session's row: a session without one was ended by the worker (signed out elsewhere, " +
      "locked), which a ban alone would not do",
    method: "GET",
    select: "last_seen_at",
    params: { session_id: EQ_UUID },
  }),
  device({
    id: "rest.session_devices.touch",
    why: "marks the session used, when the row read says its last use is over 5 minutes old",
    method: "PATCH",
    params: { session_id: EQ_UUID },
    body: { required: { last_seen_at: isIso } },
  }),
  device({
    id: "rest.session_devices.list",
    why: "the signed-in account's sessions, last used first",
    method: "GET",
    select: "session_id,user_agent,address,created_at,last_seen_at",
    params: { user_id: EQ_UUID, order: "last_seen_at.desc" },
  }),
  device({
    id: "rest.session_devices.end-others",
    why: "after Supabase Auth ended the account's other sessions (signing out elsewhere, a password change): their rows, counted",
    method: "DELETE",
    select: "session_id",
    params: { user_id: EQ_UUID, session_id: NEQ_UUID },
    prefer: REPRESENTATION,
  }),
  device({
    id: "rest.session_devices.end-all",
    why: "every row of an account whose sessions all ended: locked by an administrator, or its password reset",
    method: "DELETE",
    params: { user_id: EQ_UUID },
  }),
  device({
    id: "rest.session_devices.end-one",
    why: "signing out: this session's row",
    method: "DELETE",
    params: { session_id: EQ_UUID },
  }),

  // ---- The Users page ----
  {
    id: "rpc.push_list_accounts",
    extension:
      "the Users page: one page (25) of Supabase Auth's accounts with their users rows' name and role, searched in e-mail and name, " +
      "in e-mail order, and the total (supabase/migrations/20261130000000_push_search_and_customer_totals.sql, service role only)",
    service: "rest",
    method: "POST",
    table: "rpc/push_list_accounts",
    key: "service",
    body: {
      required: { p_search: is.string, p_limit: (value) => value === ACCOUNTS_PAGE_SIZE, p_offset: (value) => Number.isInteger(value) && Number(value) >= 0 },
    },
  },
  {
    id: "rpc.push_find_people",
    extension:
      "the people who may take an order (issue 23): those a typed text names, linked to every one of the order's languages, " +
      "by name, a few at a time (supabase/migrations/20261130000000_push_search_and_customer_totals.sql, service role only)",
    service: "rest",
    method: "POST",
    table: "rpc/push_find_people",
    key: "service",
    body: {
      required: {
        p_search: is.string,
        p_language_ids: (value) => Array.isArray(value) && value.length > 0 && value.every((id) => Number.isInteger(id) && id > 0),
        p_limit: (value) => Number.isInteger(value) && Number(value) > 0 && Number(value) <= 100,
      },
    },
  },
  {
    id: "rpc.push_list_links",
    extension:
      "the link screen's list, a page (50) at a time by interpreter then language, with the total (issue 23; " +
      "supabase/migrations/20261130000000_push_search_and_customer_totals.sql, service role only)",
    service: "rest",
    method: "POST",
    table: "rpc/push_list_links",
    key: "service",
    body: { required: { p_limit: (value) => value === LINKS_PAGE_SIZE, p_offset: (value) => Number.isInteger(value) && Number(value) >= 0 } },
  },
  {
    id: "rpc.push_linked_languages",
    extension:
      "the languages a call can be made in — those someone is linked to, each once — for /Call, the call link and the staff's " +
      "call screen (issue 23: never every link; supabase/migrations/20261130000000_push_search_and_customer_totals.sql, service role only)",
    service: "rest",
    method: "POST",
    table: "rpc/push_linked_languages",
    key: "service",
    body: { required: {} },
  },
  {
    id: "rest.users.set-role",
    extension:
      "the Users page's role change (admin/interpreter); the database refuses taking the admin role from the last " +
      "administrator who can sign in (trigger users_keep_an_admin: 400, code 23514)",
    service: "rest",
    method: "PATCH",
    table: "users",
    key: "service",
    select: "email",
    params: { id: EQ_UUID },
    prefer: REPRESENTATION,
    body: { required: { role: is.literal("admin", "interpreter") } },
  },

  // ---- The security log ----
  event({
    id: "rest.security_events.record",
    why: "one event (the account e-mail lower-cased); never a password, token or cookie",
    method: "POST",
    body: { required: { at: isIso, kind: is.text, account: text, actor: text, address: text, user_agent: text, detail: is.string } },
  }),
  event({
    id: "rest.security_events.list",
    why: "a page of the newest events, or of the newest about one (lower-cased) address; a later page starts after the last event of the one before (keyset)",
    method: "GET",
    select: "id,at,kind,account,actor,address,user_agent,detail",
    params: { order: "at.desc,id.desc", limit: /^\d+$/ },
    optional: { account: /^eq\..+$/, or: new RegExp(`^\\(at\\.lt\\.${ISO},and\\(at\\.eq\\.${ISO},id\\.lt\\.\\d+\\)\\)$`) },
  }),
  event({
    id: "rest.security_events.prune",
    why: "the cron deletes events older than 90 days and counts them (Prefer: count=exact)",
    method: "DELETE",
    params: { at: LT_ISO },
    prefer: ["count=exact"],
  }),
];
