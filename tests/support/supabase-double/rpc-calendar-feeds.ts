// PostgREST's /rpc/<function> for the calendar feeds' SQL functions (supabase/migrations/
// 20261203000300_push_calendar_feeds.sql; issue 25), the same steps over the double's in-memory tables: a feed issued
// for an existing users row (replacing its token and instant), revoked, when it was issued, whose it is by the hash,
// and the appointments it lists. Registered in rpc.ts, which runs each all or nothing; their answers are the
// functions' JSON (a scalar as the value itself).
import { appointmentJson, byStart, startOf } from "./rpc-appointments";
import { one, type Args } from "./rpc-order-reads";
import { jsonValue, pgTimestamp, SCHEMA } from "./schema";
import type { DoubleState } from "./state";

/** A uuid argument as Postgres reads it (any case). */
const uuidOf = (value: unknown) => String(value).toLowerCase();
const feedOf = (state: DoubleState, userId: string) => state.tables.calendar_feeds.find((feed) => feed.user_id === userId);
/** The statuses of an appointment that was confirmed to its interpreter (cancelled ones keep them). */
const LISTED = ["confirmed", "completed", "cancelled"];

export const CALENDAR_FEED_RPC_FUNCTIONS = [
  "push_issue_calendar_feed",
  "push_revoke_calendar_feed",
  "push_calendar_feed_issued_at",
  "push_calendar_feed_owner",
  "push_calendar_feed_appointments",
] as const;

export const CALENDAR_FEED_FUNCTIONS: Record<(typeof CALENDAR_FEED_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_issue_calendar_feed(state, args) {
    const userId = uuidOf(args.p_user_id);
    // INSERT … SELECT … FROM users ON CONFLICT (user_id) DO UPDATE: only for a users row; a second one replaces the first.
    if (!one(state, "users", userId)) return false;
    const row = { user_id: userId, token_hash: args.p_token_hash, issued_at: pgTimestamp(args.p_now as number) };
    state.write("calendar_feeds", feedOf(state, userId) ? "update" : "insert", [row]);
    return true;
  },

  push_revoke_calendar_feed: (state, args) => {
    const userId = uuidOf(args.p_user_id);
    return state.deleteWhere("calendar_feeds", (feed) => feed.user_id === userId).length > 0;
  },

  push_calendar_feed_issued_at(state, args) {
    const feed = feedOf(state, uuidOf(args.p_user_id));
    return feed ? jsonValue(SCHEMA.calendar_feeds.columns.issued_at, feed.issued_at) : null;
  },

  push_calendar_feed_owner: (state, args) => state.tables.calendar_feeds.find((feed) => feed.token_hash === args.p_token_hash)?.user_id ?? null,

  push_calendar_feed_appointments(state, args) {
    const [userId, since] = [uuidOf(args.p_user_id), args.p_since as number];
    return state.tables.appointments
      .filter((appointment) => appointment.interpreter_id === userId && LISTED.includes(String(appointment.status)) && startOf(appointment) >= since)
      .sort(byStart)
      .slice(0, args.p_limit as number)
      .map((appointment) => appointmentJson(state, appointment));
  },
};
