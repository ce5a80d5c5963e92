// PostgREST's /rpc/<function> for ratings (supabase/migrations/20261205001400_push_ratings.sql; issue 27, ADR 0040), the
// same steps over the double's in-memory tables: the item only when its customer is the organisation's (an appointment
// done when confirmed or completed with an interpreter, a call when answered); a rating given or changed only by a
// requester of the organisation, for an item over by p_now, within 7 days of when it was first given; staff reads with
// the item's organisation and never the rater. Registered in rpc.ts.
import type { Args } from "./rpc-order-reads";
import { pgTimestamp, type Row } from "./schema";
import type { DoubleState } from "./state";

const DAY = 86_400_000;
const LOW = 2;
const ms = (timestamp: unknown) => Date.parse(String(timestamp));
const refused = (reason: string) => ({ ok: false, reason });

/** The organisation of a customer, or null (private.organisation_of_rated's last step). */
const organisationOfCustomer = (state: DoubleState, customerId: unknown) =>
  state.tables.customers.find((customer) => customer.id === customerId)?.organisation_id ?? null;

/** private.push_rated_item: the item of organisation `org`, as jsonb, or null. */
function ratedItem(state: DoubleState, org: unknown, kind: unknown, id: unknown) {
  if (kind === "appointment") {
    if (typeof id !== "string" || !/^[1-9][0-9]{0,14}$/.test(id)) return null;
    const a = state.tables.appointments.find((row) => row.id === Number(id));
    if (!a || organisationOfCustomer(state, a.customer_id) !== org) return null;
    const interpreter = state.tables.users.find((user) => user.id === a.interpreter_id);
    return {
      ...{ kind, id: a.id, starts_at: a.starts_at, ends_at: pgTimestamp(ms(a.starts_at) + Number(a.minutes) * 60_000), language: a.language },
      interpreter_name: interpreter?.full_name ?? null,
      done: (a.status === "confirmed" || a.status === "completed") && a.interpreter_id !== null,
      interpreter_id: a.interpreter_id,
    };
  }
  if (kind === "call") {
    const call = state.tables.call_log.find((row) => row.id === id);
    if (!call || organisationOfCustomer(state, call.customer_id) !== org) return null;
    return {
      ...{ kind, id: call.id, starts_at: call.answered_at ?? call.requested_at, ends_at: call.ended_at, language: call.language },
      interpreter_name: call.interpreter_name,
      done: call.outcome === "answered",
      interpreter_id: call.interpreter_id,
    };
  }
  return null;
}

/** The item as the function answers it (without the interpreter's id, which the SQL reads apart). */
const itemJson = (item: NonNullable<ReturnType<typeof ratedItem>>) => {
  const { interpreter_id: _, ...rest } = item;
  return rest;
};

function ratingRow(state: DoubleState, rater: unknown, kind: unknown, id: unknown): Row | undefined {
  return state.tables.ratings.find(
    (row) =>
      row.rater_id === rater &&
      ((kind === "appointment" && typeof id === "string" && row.appointment_id === Number(id)) || (kind === "call" && row.call_id === id)),
  );
}

const ratingJson = (row: Row | undefined) =>
  row === undefined ? null : { score: row.score, comment: row.comment, created_at: row.created_at, updated_at: row.updated_at };

/** private.push_staff_rating */
function staffRating(state: DoubleState, row: Row) {
  const customerId =
    row.appointment_id !== null
      ? state.tables.appointments.find((a) => a.id === row.appointment_id)?.customer_id
      : state.tables.call_log.find((call) => call.id === row.call_id)?.customer_id;
  const org = organisationOfCustomer(state, customerId);
  return {
    kind: row.appointment_id === null ? "call" : "appointment",
    ...{ score: row.score, comment: row.comment, updated_at: row.updated_at, interpreter_id: row.interpreter_id },
    interpreter_name: state.tables.users.find((user) => user.id === row.interpreter_id)?.full_name ?? null,
    organisation_name: state.tables.organisations.find((organisation) => organisation.id === org)?.name ?? null,
  };
}

/** Newest first: updated_at desc, id desc. */
const newestFirst = (a: Row, b: Row) => ms(b.updated_at) - ms(a.updated_at) || Number(b.id) - Number(a.id);

/** push_own_rating: avg is numeric (PostgREST sends it as a JSON number inside jsonb), count a number. */
function summary(state: DoubleState, interpreter: unknown) {
  const mine = state.tables.ratings.filter((row) => row.interpreter_id === interpreter);
  return { average: mine.length === 0 ? null : mine.reduce((sum, row) => sum + Number(row.score), 0) / mine.length, count: mine.length };
}

export const RATING_RPC_FUNCTIONS = ["push_rating_of", "push_rate", "push_own_rating", "push_interpreter_ratings", "push_low_ratings"] as const;

export const RATING_FUNCTIONS: Record<(typeof RATING_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_rating_of(state, args) {
    const item = ratedItem(state, args.p_org, args.p_kind, args.p_id);
    if (!item) return null;
    return { item: itemJson(item), rating: ratingJson(ratingRow(state, args.p_rater, args.p_kind, args.p_id)) };
  },

  push_rate(state, args) {
    const now = Number(args.p_now);
    const item = ratedItem(state, args.p_org, args.p_kind, args.p_id);
    const member = state.tables.customer_people.some((person) => person.account_id === args.p_rater && person.organisation_id === args.p_org);
    if (!item || !member) return refused("not-found");
    if (!item.done || ms(item.ends_at) > now) return refused("not-rateable");
    const old = ratingRow(state, args.p_rater, args.p_kind, args.p_id);
    const at = pgTimestamp(now);
    if (!old) {
      state.write("ratings", "insert", [
        {
          appointment_id: args.p_kind === "appointment" ? item.id : null,
          call_id: args.p_kind === "call" ? item.id : null,
          ...{ rater_id: args.p_rater, interpreter_id: item.interpreter_id, score: args.p_score, comment: args.p_comment },
          ...{ created_at: at, updated_at: at },
        },
      ]);
    } else if (ms(old.created_at) + 7 * DAY <= now) {
      return refused("locked");
    } else {
      state.write("ratings", "update", [{ ...old, score: args.p_score, comment: args.p_comment, updated_at: at }]);
    }
    return { ok: true, rating: ratingJson(ratingRow(state, args.p_rater, args.p_kind, args.p_id)) };
  },

  push_own_rating(state, args) {
    return summary(state, args.p_interpreter);
  },

  push_interpreter_ratings(state, args) {
    const latest = state.tables.ratings
      .filter((row) => row.interpreter_id === args.p_interpreter && row.comment !== "")
      .sort(newestFirst)
      .slice(0, Number(args.p_limit))
      .map((row) => staffRating(state, row));
    return { ...summary(state, args.p_interpreter), latest };
  },

  push_low_ratings(state, args) {
    const low = state.tables.ratings.filter((row) => Number(row.score) <= LOW).sort(newestFirst);
    const offset = Number(args.p_offset);
    return { total: low.length, items: low.slice(offset, offset + Number(args.p_page_size)).map((row) => staffRating(state, row)) };
  },
};
