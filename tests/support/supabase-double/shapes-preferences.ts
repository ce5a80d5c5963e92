// The allowed requests of preferred and blocked interpreters (issue 27; app/backend/supabase/preferences.server.ts).
// Extensions beyond SPEC §7, all with the service-role key (the worker writes after the route's guard: staff set,
// clear and answer; an organisation's admin requests, for their own organisation). Each change and each read is ONE
// call of a SQL function of supabase/migrations/20261205001300_push_interpreter_preferences.sql, each naming the
// organisation.
import { PREFERENCE_NOTE_MAX } from "../../../app/domain/preferences";
import { is, type RestShape, type ValueCheck } from "./match";

const PREFERENCES = "preferred and blocked interpreters (issue 27)";
const MIGRATION = "supabase/migrations/20261205001300_push_interpreter_preferences.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const note: ValueCheck = (value) => typeof value === "string" && [...value].length <= PREFERENCE_NOTE_MAX;

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${PREFERENCES}: ${why} (${MIGRATION} public.${name}, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const PREFERENCE_SHAPES: RestShape[] = [
  rpc("push_set_interpreter_stance", "an organisation's stance on an interpreter set, replacing the pair's (false without either row)", {
    p_organisation_id: positive,
    p_interpreter_id: is.uuid,
    p_stance: is.literal("preferred", "blocked"),
    p_by: is.text,
    p_now: positive,
  }),
  rpc("push_clear_interpreter_stance", "an organisation's stance on an interpreter removed (whether there was one)", {
    p_organisation_id: positive,
    p_interpreter_id: is.uuid,
  }),
  rpc("push_interpreter_stances", "the organisation's name and stances, preferred first, by name (null without the organisation)", {
    p_organisation_id: positive,
  }),
  rpc("push_past_interpreters", "the interpreters of the organisation's confirmed or completed appointments, by name", { p_organisation_id: positive }),
  rpc("push_request_preference", "an organisation admin's request for one of its past interpreters ({ id } or { reason })", {
    p_organisation_id: positive,
    p_account_id: is.uuid,
    p_interpreter_id: is.uuid,
    p_note: note,
    p_now: positive,
  }),
  rpc("push_preference_requests", "the organisation's pending requests, oldest first", { p_organisation_id: positive }),
  rpc("push_blocked_interpreters", "the interpreters the organisation of a customer blocks (a call billed to them never rings them)", {
    p_customer_id: positive,
  }),
  rpc("push_answer_preference_request", "a pending request of the organisation accepted (the interpreter preferred, same transaction) or declined", {
    p_organisation_id: positive,
    p_request_id: positive,
    p_accept: is.literal(true, false),
    p_by: is.text,
    p_now: positive,
  }),
];
