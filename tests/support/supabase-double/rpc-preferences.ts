// PostgREST's /rpc/<function> for preferred and blocked interpreters (supabase/migrations/
// 20261205001300_push_interpreter_preferences.sql; issue 27), the same steps over the double's in-memory tables: a
// stance set (replacing the pair's) only where the organisation and the users row exist, cleared, listed with the
// organisation's name; the organisation's past interpreters; an admin's request (refused when preferred already, when
// one waits, or for anyone but a past interpreter of their own organisation); the pending requests; an answer, which
// makes the interpreter preferred in the same transaction. Registered in rpc.ts, which runs each all or nothing.
import { one, type Args } from "./rpc-order-reads";
import { pgTimestamp, type Row } from "./schema";
import type { DoubleState } from "./state";

/** Text in code points (collate "C"). */
const byCodePoints = (a: unknown, b: unknown) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
/** A uuid argument as Postgres reads it (any case). */
const uuidOf = (value: unknown) => String(value).toLowerCase();
const ms = (timestamp: unknown) => Date.parse(String(timestamp));

/** private.push_past_interpreter_ids: the interpreters of the organisation's confirmed or completed appointments. */
export function pastInterpreterIds(state: DoubleState, organisationId: unknown): Set<string> {
  const customers = new Set(state.tables.customers.filter((row) => row.organisation_id === organisationId).map((row) => row.id));
  return new Set(
    state.tables.appointments
      .filter((row) => customers.has(row.customer_id) && (row.status === "confirmed" || row.status === "completed") && row.interpreter_id !== null)
      .map((row) => String(row.interpreter_id)),
  );
}

const stanceOf = (state: DoubleState, organisationId: unknown, interpreterId: string) =>
  state.tables.interpreter_stances.find((row) => row.organisation_id === organisationId && row.interpreter_id === interpreterId);

/** INSERT … ON CONFLICT (organisation_id, interpreter_id) DO UPDATE. */
function upsertStance(state: DoubleState, row: Row) {
  state.write("interpreter_stances", stanceOf(state, row.organisation_id, String(row.interpreter_id)) ? "update" : "insert", [row]);
}

export const PREFERENCE_RPC_FUNCTIONS = [
  "push_set_interpreter_stance",
  "push_clear_interpreter_stance",
  "push_interpreter_stances",
  "push_past_interpreters",
  "push_request_preference",
  "push_preference_requests",
  "push_blocked_interpreters",
  "push_answer_preference_request",
] as const;

export const PREFERENCE_FUNCTIONS: Record<(typeof PREFERENCE_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_set_interpreter_stance(state, args) {
    const interpreterId = uuidOf(args.p_interpreter_id);
    if (!one(state, "organisations", args.p_organisation_id) || !one(state, "users", interpreterId)) return false;
    const row = { organisation_id: args.p_organisation_id, interpreter_id: interpreterId, stance: args.p_stance, set_by: args.p_by };
    upsertStance(state, { ...row, set_at: pgTimestamp(args.p_now as number) } as Row);
    return true;
  },

  push_clear_interpreter_stance(state, args) {
    const interpreterId = uuidOf(args.p_interpreter_id);
    return state.deleteWhere("interpreter_stances", (row) => row.organisation_id === args.p_organisation_id && row.interpreter_id === interpreterId).length > 0;
  },

  push_interpreter_stances(state, args) {
    const organisation = one(state, "organisations", args.p_organisation_id);
    if (!organisation) return null;
    const stances = state.tables.interpreter_stances
      .filter((row) => row.organisation_id === organisation.id)
      .map((row) => ({ row, user: one(state, "users", row.interpreter_id)! }))
      .sort(
        (a, b) =>
          Number(a.row.stance === "blocked") - Number(b.row.stance === "blocked") ||
          byCodePoints(a.user.full_name, b.user.full_name) ||
          byCodePoints(a.user.id, b.user.id),
      )
      .map(({ row, user }) => ({
        interpreter_id: row.interpreter_id,
        full_name: user.full_name,
        stance: row.stance,
        set_at: ms(row.set_at),
        set_by_name: one(state, "users", row.set_by)?.full_name ?? null,
      }));
    return { name: organisation.name, stances };
  },

  push_past_interpreters(state, args) {
    const ids = pastInterpreterIds(state, args.p_organisation_id);
    return state.tables.users
      .filter((user) => ids.has(String(user.id)))
      .sort((a, b) => byCodePoints(a.full_name, b.full_name) || byCodePoints(a.id, b.id))
      .map((user) => ({ id: user.id, full_name: user.full_name }));
  },

  push_request_preference(state, args) {
    const [organisationId, interpreterId, accountId] = [args.p_organisation_id, uuidOf(args.p_interpreter_id), uuidOf(args.p_account_id)];
    if (stanceOf(state, organisationId, interpreterId)?.stance === "preferred") return { reason: "already" };
    const waiting = state.tables.preference_requests.some(
      (row) => row.organisation_id === organisationId && row.interpreter_id === interpreterId && row.status === "pending",
    );
    if (waiting) return { reason: "pending" };
    const requester = state.tables.customer_people.find((row) => row.account_id === accountId && row.organisation_id === organisationId);
    if (!requester || !pastInterpreterIds(state, organisationId).has(interpreterId)) return { reason: "not-found" };
    const [row] = state.write("preference_requests", "insert", [
      {
        organisation_id: organisationId,
        interpreter_id: interpreterId,
        requested_by: accountId,
        note: args.p_note,
        created_at: pgTimestamp(args.p_now as number),
      },
    ]);
    return { id: row!.id };
  },

  push_preference_requests(state, args) {
    return state.tables.preference_requests
      .filter((row) => row.organisation_id === args.p_organisation_id && row.status === "pending")
      .sort((a, b) => ms(a.created_at) - ms(b.created_at) || Number(a.id) - Number(b.id))
      .map((row) => ({
        id: row.id,
        interpreter_id: row.interpreter_id,
        full_name: one(state, "users", row.interpreter_id)!.full_name,
        requested_by_name: state.tables.customer_people.find((person) => person.account_id === row.requested_by)!.full_name,
        note: row.note,
        created_at: ms(row.created_at),
      }));
  },

  push_blocked_interpreters(state, args) {
    const organisation = one(state, "customers", args.p_customer_id)?.organisation_id ?? null;
    if (organisation === null) return [];
    return state.tables.interpreter_stances
      .filter((row) => row.organisation_id === organisation && row.stance === "blocked")
      .map((row) => String(row.interpreter_id))
      .sort(byCodePoints);
  },

  push_answer_preference_request(state, args) {
    const request = state.tables.preference_requests.find(
      (row) => row.id === args.p_request_id && row.organisation_id === args.p_organisation_id && row.status === "pending",
    );
    if (!request) return false;
    const at = pgTimestamp(args.p_now as number);
    state.write("preference_requests", "update", [{ ...request, status: args.p_accept ? "accepted" : "declined", answered_by: args.p_by, answered_at: at }]);
    if (args.p_accept) {
      upsertStance(state, {
        organisation_id: request.organisation_id,
        interpreter_id: request.interpreter_id,
        stance: "preferred",
        set_by: args.p_by,
        set_at: at,
      } as Row);
    }
    return true;
  },
};
