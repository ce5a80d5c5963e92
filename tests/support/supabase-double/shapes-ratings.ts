// The allowed requests of ratings (issue 27, ADR 0040; app/backend/supabase/ratings.server.ts). Extensions beyond SPEC
// §7, all with the service-role key after the route's guard (a requester's organisation, staff, an interpreter's own).
// Each is ONE call of a SQL function of supabase/migrations/20261205001400_push_ratings.sql (one transaction).
import { is, type RestShape, type ValueCheck } from "./match";

const RATINGS = "ratings (issue 27)";
const MIGRATION = "supabase/migrations/20261205001400_push_ratings.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const count: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
const kind: ValueCheck = (value) => value === "appointment" || value === "call";
const itemId: ValueCheck = (value) => typeof value === "string" && value.length >= 1 && value.length <= 100;
const score: ValueCheck = (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5;
const comment: ValueCheck = (value) => typeof value === "string" && [...value].length <= 1000;

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${RATINGS}: ${why} (${MIGRATION} public.${name}, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const RATING_SHAPES: RestShape[] = [
  rpc("push_rating_of", "an item of the requester's organisation with their rating of it, or null", {
    p_org: positive,
    p_rater: is.uuid,
    p_kind: kind,
    p_id: itemId,
  }),
  rpc("push_rate", "a requester's rating given or changed — or refused (not-found, not-rateable, locked), changing nothing", {
    p_org: positive,
    p_rater: is.uuid,
    p_kind: kind,
    p_id: itemId,
    p_score: score,
    p_comment: comment,
    p_now: positive,
  }),
  rpc("push_own_rating", "an interpreter's average and count, never who rated", { p_interpreter: is.uuid }),
  rpc("push_interpreter_ratings", "staff: an interpreter's average, count and latest comments with the organisation", {
    p_interpreter: is.uuid,
    p_limit: positive,
  }),
  rpc("push_low_ratings", "staff overview: a page of the ratings of 2 or less, newest first", { p_page_size: positive, p_offset: count }),
];
