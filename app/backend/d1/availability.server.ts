// Interpreters' working hours, time off and credentials on D1 (issue 25; migrations/0019_availability.sql), and the
// candidates for an offer, read in one batch (one consistent snapshot).
import type { AvailabilityStore } from "~/backend/port-availability.server";
import type { Availability, Credential, ExpiringCredential, TimeOff, Weekday, WorkingInterval } from "~/domain/availability";
import type { Candidate } from "~/domain/eligibility";
import { query } from "./query.server";

type HoursRow = { user_id: string; weekday: number; start_minute: number; end_minute: number };
type TimeOffRow = { id: number; user_id: string; first_day: string; last_day: string; note: string };
type CredentialRow = { id: number; user_id: string; name: string; expires_on: string | null };

const toInterval = (row: HoursRow): WorkingInterval => ({ weekday: row.weekday as Weekday, startMinute: row.start_minute, endMinute: row.end_minute });
const toTimeOff = (row: TimeOffRow): TimeOff => ({ id: row.id, firstDay: row.first_day, lastDay: row.last_day, note: row.note });
const toCredential = (row: CredentialRow): Credential => ({ id: row.id, name: row.name, expiresOn: row.expires_on });

const HOURS_ORDER = "ORDER BY weekday, start_minute";
const TIME_OFF_ORDER = "ORDER BY first_day, id";
const CREDENTIAL_ORDER = "ORDER BY name, id";
const EXISTS_USER = "EXISTS (SELECT 1 FROM users WHERE id = ?)";

/** The stance of the organisation of appointment `?` (through its customer) on the users row `u`. */
const stanceOf = (stance: "preferred" | "blocked") =>
  `SELECT 1 FROM interpreter_stances s JOIN customers c ON c.organisation_id = s.organisation_id JOIN appointments a ON a.customer_id = c.id
   WHERE a.id = ? AND s.interpreter_id = u.id AND s.stance = '${stance}'`;

/** The UTC calendar date of an instant, a day either way: the company's dates of any instant lie within it. */
const dayAround = (instant: number, days: number) => new Date(instant + days * 86_400_000).toISOString().slice(0, 10);

export function d1AvailabilityStore(db: D1Database): AvailabilityStore {
  const userExists = async (userId: string) => (await query(() => db.prepare("SELECT 1 AS found FROM users WHERE id = ?").bind(userId).first())) !== null;

  return {
    async of(userId) {
      const [user, hours, timeOff, credentials] = await query(() =>
        db.batch<unknown>([
          db.prepare("SELECT full_name FROM users WHERE id = ?").bind(userId),
          db.prepare(`SELECT * FROM working_hours WHERE user_id = ? ${HOURS_ORDER}`).bind(userId),
          db.prepare(`SELECT * FROM time_off WHERE user_id = ? ${TIME_OFF_ORDER}`).bind(userId),
          db.prepare(`SELECT * FROM credentials WHERE user_id = ? ${CREDENTIAL_ORDER}`).bind(userId),
        ]),
      );
      const person = user!.results[0] as { full_name: string } | undefined;
      if (!person) return null;
      return {
        name: person.full_name,
        hours: (hours!.results as HoursRow[]).map(toInterval),
        timeOff: (timeOff!.results as TimeOffRow[]).map(toTimeOff),
        credentials: (credentials!.results as CredentialRow[]).map(toCredential),
      };
    },

    async setHours(userId, hours) {
      if (!(await userExists(userId))) return false;
      // One batch: the old week goes and the new one comes in the same transaction, or neither.
      await query(() =>
        db.batch([
          db.prepare("DELETE FROM working_hours WHERE user_id = ?").bind(userId),
          ...hours.map((interval) =>
            db
              .prepare("INSERT INTO working_hours (user_id, weekday, start_minute, end_minute) VALUES (?, ?, ?, ?)")
              .bind(userId, interval.weekday, interval.startMinute, interval.endMinute),
          ),
        ]),
      );
      return true;
    },

    async addTimeOff(userId, span) {
      const row = await query(() =>
        db
          .prepare(`INSERT INTO time_off (user_id, first_day, last_day, note, created_at) SELECT ?, ?, ?, ?, ? WHERE ${EXISTS_USER} RETURNING id`)
          .bind(userId, span.firstDay, span.lastDay, span.note, Date.now(), userId)
          .first<{ id: number }>(),
      );
      return row ? { ok: true, id: row.id } : { ok: false, reason: "not-found" };
    },

    async removeTimeOff(userId, id) {
      const { meta } = await query(() => db.prepare("DELETE FROM time_off WHERE id = ? AND user_id = ?").bind(id, userId).run());
      return meta.changes > 0;
    },

    async addCredential(userId, credential) {
      const row = await query(() =>
        db
          .prepare(`INSERT INTO credentials (user_id, name, expires_on, created_at) SELECT ?, ?, ?, ? WHERE ${EXISTS_USER} RETURNING id`)
          .bind(userId, credential.name, credential.expiresOn, Date.now(), userId)
          .first<{ id: number }>(),
      );
      return row ? { ok: true, id: row.id } : { ok: false, reason: "not-found" };
    },

    async removeCredential(userId, id) {
      const { meta } = await query(() => db.prepare("DELETE FROM credentials WHERE id = ? AND user_id = ?").bind(id, userId).run());
      return meta.changes > 0;
    },

    async expiring(fromDay, untilDay) {
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT c.*, u.full_name FROM credentials c JOIN users u ON u.id = c.user_id
             WHERE c.expires_on BETWEEN ? AND ? ORDER BY c.expires_on, c.name, c.id`,
          )
          .bind(fromDay, untilDay)
          .all<CredentialRow & { full_name: string; expires_on: string }>(),
      );
      return results.map((row): ExpiringCredential => ({
        ...toCredential(row),
        expiresOn: row.expires_on,
        interpreter: { id: row.user_id, name: row.full_name },
      }));
    },

    async candidates(languageId, span, exceptId) {
      const linkedIds = "SELECT user_id FROM user_languages WHERE language_id = ?";
      const [people, hours, timeOff, credentials, busy, unlinked] = await query(() =>
        db.batch<unknown>([
          // The appointment's organisation's stances, in the query that chooses: whom it blocks is never a candidate.
          db
            .prepare(
              // Preferred: by the organisation, or asked for on this booking ("the same interpreter as last time").
              `SELECT u.id, u.full_name,
                 (EXISTS (${stanceOf("preferred")}) OR EXISTS (SELECT 1 FROM appointments b WHERE b.id = ? AND b.preferred_interpreter_id = u.id)) AS preferred
               FROM users u WHERE u.id IN (${linkedIds}) AND NOT EXISTS (${stanceOf("blocked")}) ORDER BY u.full_name, u.id`,
            )
            .bind(exceptId, exceptId, languageId, exceptId),
          db.prepare(`SELECT * FROM working_hours WHERE user_id IN (${linkedIds}) ${HOURS_ORDER}`).bind(languageId),
          // Only the time off near the span: years of past holidays are not read for every offer.
          db
            .prepare(`SELECT * FROM time_off WHERE user_id IN (${linkedIds}) AND last_day >= ? AND first_day <= ? ${TIME_OFF_ORDER}`)
            .bind(languageId, dayAround(span.from, -1), dayAround(span.to, 1)),
          db.prepare(`SELECT * FROM credentials WHERE user_id IN (${linkedIds}) ${CREDENTIAL_ORDER}`).bind(languageId),
          db
            .prepare(
              `SELECT interpreter_id, blocked_from, blocked_to FROM appointments
               WHERE status = 'confirmed' AND interpreter_id IN (${linkedIds}) AND blocked_from < ? AND blocked_to > ? AND id <> ?`,
            )
            .bind(languageId, span.to, span.from, exceptId),
          db
            .prepare(
              `SELECT COUNT(*) AS n FROM users u WHERE u.role = 'interpreter'
               AND NOT EXISTS (SELECT 1 FROM user_languages ul WHERE ul.user_id = u.id AND ul.language_id = ?)`,
            )
            .bind(languageId),
        ]),
      );
      const of = <T extends { user_id: string }>(rows: unknown[], id: string) => (rows as T[]).filter((row) => row.user_id === id);
      const linked = (people!.results as { id: string; full_name: string; preferred: number }[]).map((person): Candidate => ({
        id: person.id,
        name: person.full_name,
        linked: true,
        preferred: person.preferred === 1,
        availability: {
          hours: of<HoursRow>(hours!.results, person.id).map(toInterval),
          timeOff: of<TimeOffRow>(timeOff!.results, person.id).map(toTimeOff),
          credentials: of<CredentialRow>(credentials!.results, person.id).map(toCredential),
        } satisfies Availability,
        busy: (busy!.results as { interpreter_id: string; blocked_from: number; blocked_to: number }[])
          .filter((row) => row.interpreter_id === person.id)
          .map((row) => ({ from: row.blocked_from, to: row.blocked_to })),
      }));
      return { linked, unlinked: (unlinked!.results[0] as { n: number }).n };
    },
  };
}
