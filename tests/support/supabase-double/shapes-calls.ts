// The allowed requests of the call log (issue 14: app/backend/supabase/call-log.server.ts, table call_log of
// supabase/migrations/20261127000000_push_call_log.sql). Extensions beyond SPEC §7, which has no live calls; both carry
// the service-role key: the worker records each call when the switchboard ends it, and reads the log for staff after
// the route's guard (an interpreter's own calls, an admin's every call).
import { CALL_OUTCOMES } from "../../../app/domain/call-log";
import { CALL_TYPES } from "../../../app/domain/switchboard";
import { is, workerShape, type RestShape, type ValueCheck } from "./match";

const CALLS = "the call log of live interpreting calls (issue 14; call_log, written by the worker alone)";
const COLUMNS = "id,language_id,language,type,caller_name,customer_id,interpreter_id,interpreter_name,outcome,requested_at,answered_at,ended_at";
/** A time as the worker writes it: Date#toISOString(). */
const ISO = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";
const isIso: ValueCheck = (value) => typeof value === "string" && new RegExp(`^${ISO}$`).test(value);
/** `in.(…)`: one or more ids, as supabase-js writes `.in("user_id", ids)`. */
const UUID_TEXT = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const IN_UUIDS = new RegExp(`^in\\.\\(${UUID_TEXT}(,${UUID_TEXT})*\\)$`, "i");
const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;

const call = workerShape("call_log", CALLS);

export const CALL_SHAPES: RestShape[] = [
  call({
    id: "rest.call_log.record",
    why: "a finished call, once: INSERT … ON CONFLICT (id) DO NOTHING, so a call logged already is left as it is",
    method: "POST",
    params: { on_conflict: "id" },
    prefer: ["resolution=ignore-duplicates"],
    body: {
      required: {
        id: is.uuid,
        language_id: is.nullable(positive),
        language: is.string,
        type: is.literal(...CALL_TYPES),
        caller_name: is.string,
        customer_id: is.nullable(positive),
        interpreter_id: is.nullable(is.uuid),
        interpreter_name: is.nullable(is.string),
        outcome: is.literal(...CALL_OUTCOMES),
        requested_at: isIso,
        answered_at: is.nullable(isIso),
        ended_at: isIso,
      },
    },
  }),
  call({
    id: "rest.call_log.list",
    why:
      "the log, newest first (then by id), at most a limit; optionally requested from/to company days (the first instant " +
      "of `from`, before the first of the day after `to`), one language, one interpreter",
    method: "GET",
    select: COLUMNS,
    params: { order: "requested_at.desc,id.asc", limit: /^\d+$/ },
    optional: {
      // Keyset paging (issue 23): after the last call of the page before.
      or: new RegExp(`^\\(requested_at\\.lt\\.${ISO},and\\(requested_at\\.eq\\.${ISO},id\\.gt\\.${UUID_TEXT}\\)\\)$`, "i"),
      requested_at: [new RegExp(`^gte\\.${ISO}$`), new RegExp(`^lt\\.${ISO}$`)],
      language_id: /^eq\.\d+$/,
      interpreter_id: /^eq\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    },
  }),
  // ---- The totals over the whole filter (issue 23) ----
  {
    id: "rpc.push_call_log_totals",
    extension:
      "the call log's totals over every call a filter matches: calls, answered, talk time and the median wait (supabase/migrations/" +
      "20261129000200_push_call_log_totals.sql public.push_call_log_totals, service role only)",
    service: "rest",
    method: "POST",
    table: "rpc/push_call_log_totals",
    key: "service",
    body: {
      required: {
        p_from: is.nullable(positive),
        p_to: is.nullable(positive),
        p_language_id: is.nullable(positive),
        p_interpreter_id: is.nullable(is.uuid),
      },
    },
  },
  // ---- Who may take calls (issue 22) ----
  {
    id: "rest.session_devices.call-readiness",
    extension:
      "the call switchboard, when a call rings and when one is accepted: which of the interpreters on its board are still " +
      "signed in, and with which sessions (a lock, a sign-out or a password change deletes these rows)",
    service: "rest",
    method: "GET",
    table: "session_devices",
    key: "service",
    select: "user_id,session_id",
    params: { user_id: IN_UUIDS },
  },
  {
    id: "rest.user_languages.call-readiness",
    extension: "the call switchboard, when a call rings and when one is accepted: the languages those interpreters are linked to now",
    service: "rest",
    method: "GET",
    table: "user_languages",
    key: "service",
    select: "user_id,language_id",
    params: { user_id: IN_UUIDS },
  },
];
