// The allowed requests of interpreters' calendar feeds (issue 25; app/backend/supabase/calendar-feeds.server.ts).
// Extensions beyond SPEC §7, all with the service-role key: calendar_feeds is the worker's alone (a signed-in person
// issues and revokes their own through it; the feed's route finds the owner by the token's hash). Each change and
// each read is ONE call of a SQL function of supabase/migrations/20261203000300_push_calendar_feeds.sql, the hash in
// the body (never in a URL).
import { FEED_LIMIT } from "../../../app/backend/port-calendar-feeds.server";
import { is, type RestShape, type ValueCheck } from "./match";

const FEEDS = "interpreters' calendar feeds (issue 25)";
const MIGRATION = "supabase/migrations/20261203000300_push_calendar_feeds.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
/** A token's SHA-256 as the worker computes it: 64 lower-case hex characters. */
const hash: ValueCheck = (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${FEEDS}: ${why} (${MIGRATION} public.${name}, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const CALENDAR_FEED_SHAPES: RestShape[] = [
  rpc("push_issue_calendar_feed", "a feed issued for an existing users row, replacing theirs (its token hash and instant; false without the row)", {
    p_user_id: is.uuid,
    p_token_hash: hash,
    p_now: positive,
  }),
  rpc("push_revoke_calendar_feed", "the person's feed deleted (whether they had one)", { p_user_id: is.uuid }),
  rpc("push_calendar_feed_issued_at", "when the person's feed was issued, or null", { p_user_id: is.uuid }),
  rpc("push_calendar_feed_owner", "whose feed a token's hash opens, or null", { p_token_hash: hash }),
  rpc("push_calendar_feed_appointments", "the appointments confirmed to the person (cancelled ones too) from a time, soonest first, at most FEED_LIMIT", {
    p_user_id: is.uuid,
    p_since: is.int,
    p_limit: is.literal(FEED_LIMIT),
  }),
];
