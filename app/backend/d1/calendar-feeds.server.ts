// Interpreters' calendar feeds on D1 (issue 25; migrations/0022_calendar_feeds.sql).
import { FEED_LIMIT, type CalendarFeedStore } from "~/backend/port-calendar-feeds.server";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import { APPOINTMENT_SQL } from "./appointments.server";
import { query } from "./query.server";

export function d1CalendarFeedStore(db: D1Database): CalendarFeedStore {
  return {
    async issue(userId, tokenHash, now) {
      const { meta } = await query(() =>
        db
          .prepare(
            `INSERT INTO calendar_feeds (user_id, token_hash, issued_at) SELECT id, ?, ? FROM users WHERE id = ?
             ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, issued_at = excluded.issued_at`,
          )
          .bind(tokenHash, now, userId)
          .run(),
      );
      return meta.changes > 0;
    },

    async revoke(userId) {
      const { meta } = await query(() => db.prepare("DELETE FROM calendar_feeds WHERE user_id = ?").bind(userId).run());
      return meta.changes > 0;
    },

    async issuedAt(userId) {
      const row = await query(() => db.prepare("SELECT issued_at FROM calendar_feeds WHERE user_id = ?").bind(userId).first<{ issued_at: number }>());
      return row?.issued_at ?? null;
    },

    async ownerOf(tokenHash) {
      const row = await query(() => db.prepare("SELECT user_id FROM calendar_feeds WHERE token_hash = ?").bind(tokenHash).first<{ user_id: string }>());
      return row?.user_id ?? null;
    },

    async appointments(userId, since) {
      // A cancelled appointment keeps its interpreter: it was confirmed to them, and the feed says it is cancelled.
      const { results } = await query(() =>
        db
          .prepare(
            `${APPOINTMENT_SQL} WHERE a.interpreter_id = ? AND a.status IN ('confirmed', 'completed', 'cancelled') AND a.starts_at >= ?
             ORDER BY a.starts_at, a.id LIMIT ?`,
          )
          .bind(userId, since, FEED_LIMIT)
          .all<AppointmentRow>(),
      );
      return results.map(toAppointment);
    },
  };
}
