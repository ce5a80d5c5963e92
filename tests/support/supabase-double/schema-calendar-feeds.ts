// Interpreters' calendar feeds (supabase/migrations/20261203000300_push_calendar_feeds.sql; issue 25), with the rules
// the double enforces: types, NOT NULL, the token hash's CHECK (64 lower-case hex characters) and uniqueness, one feed
// per person (user_id, the primary key), and the foreign key to users, ON DELETE CASCADE (a person's feed goes with
// them). The worker's alone (service role; no other role holds a privilege on it): written and read only through the
// functions of rpc-calendar-feeds.ts.
import type { Table } from "./schema";

export const CALENDAR_FEED_TABLE_NAMES = ["calendar_feeds"] as const;
type CalendarFeedTableName = (typeof CALENDAR_FEED_TABLE_NAMES)[number];

export const CALENDAR_FEED_SCHEMA: Record<CalendarFeedTableName, Table> = {
  calendar_feeds: {
    columns: {
      user_id: { type: "uuid" },
      // calendar_feeds_token_hash_check: token_hash ~ '^[0-9a-f]{64}$'.
      token_hash: { type: "text", check: (value) => /^[0-9a-f]{64}$/.test(String(value)) },
      issued_at: { type: "timestamptz" },
    },
    primaryKey: "user_id",
    unique: [{ name: "calendar_feeds_token_hash_key", columns: ["token_hash"] }],
    foreignKeys: [{ name: "calendar_feeds_user_id_fkey", column: "user_id", table: "users" }],
  },
};
