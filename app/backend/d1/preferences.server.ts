// Preferred and blocked interpreters on D1 (issue 27; migrations/0037_interpreter_preferences.sql). Every statement
// names the organisation: a request or an answer for another organisation's row changes nothing.
import type { PreferenceStore } from "~/backend/port-preferences.server";
import type { InterpreterStance, PersonRef, PreferenceRequest, Stance } from "~/domain/preferences";
import { query } from "./query.server";

type StanceRow = { interpreter_id: string; full_name: string; stance: Stance; set_at: number; set_by_name: string | null };
type RequestRow = { id: number; interpreter_id: string; full_name: string; requested_by_name: string; note: string; created_at: number };

/** The interpreters confirmed to (or who did) the organisation's appointments: `?` is the organisation. */
export const PAST_INTERPRETERS = `SELECT DISTINCT a.interpreter_id FROM appointments a
  JOIN customers c ON c.id = a.customer_id AND c.organisation_id = ?
  WHERE a.status IN ('confirmed', 'completed') AND a.interpreter_id IS NOT NULL`;

export function d1PreferenceStore(db: D1Database): PreferenceStore {
  return {
    async set(organisationId, interpreterId, stance, by, now) {
      const { meta } = await query(() =>
        db
          .prepare(
            `INSERT INTO interpreter_stances (organisation_id, interpreter_id, stance, set_by, set_at)
             SELECT o.id, u.id, ?, ?, ? FROM organisations o JOIN users u ON u.id = ? WHERE o.id = ?
             ON CONFLICT (organisation_id, interpreter_id) DO UPDATE SET stance = excluded.stance, set_by = excluded.set_by, set_at = excluded.set_at`,
          )
          .bind(stance, by, now, interpreterId, organisationId)
          .run(),
      );
      return meta.changes > 0 ? { ok: true } : { ok: false, reason: "not-found" };
    },

    async clear(organisationId, interpreterId) {
      const { meta } = await query(() =>
        db.prepare("DELETE FROM interpreter_stances WHERE organisation_id = ? AND interpreter_id = ?").bind(organisationId, interpreterId).run(),
      );
      return meta.changes > 0;
    },

    async list(organisationId) {
      const [organisation, stances] = await query(() =>
        db.batch<unknown>([
          db.prepare("SELECT name FROM organisations WHERE id = ?").bind(organisationId),
          db
            .prepare(
              `SELECT s.interpreter_id, u.full_name, s.stance, s.set_at, b.full_name AS set_by_name
               FROM interpreter_stances s JOIN users u ON u.id = s.interpreter_id LEFT JOIN users b ON b.id = s.set_by
               WHERE s.organisation_id = ? ORDER BY s.stance = 'blocked', u.full_name, u.id`,
            )
            .bind(organisationId),
        ]),
      );
      const found = organisation!.results[0] as { name: string } | undefined;
      if (!found) return null;
      return {
        name: found.name,
        stances: (stances!.results as StanceRow[]).map((row): InterpreterStance => ({
          interpreter: { id: row.interpreter_id, name: row.full_name },
          stance: row.stance,
          setAt: row.set_at,
          setBy: row.set_by_name,
        })),
      };
    },

    async pastInterpreters(organisationId) {
      const { results } = await query(() =>
        db
          .prepare(`SELECT u.id, u.full_name FROM users u WHERE u.id IN (${PAST_INTERPRETERS}) ORDER BY u.full_name, u.id`)
          .bind(organisationId)
          .all<{ id: string; full_name: string }>(),
      );
      return results.map((row): PersonRef => ({ id: row.id, name: row.full_name }));
    },

    async request(organisationId, accountId, interpreterId, note, now) {
      // The refusals are read first; the insert checks the past interpreter and the requester's organisation again, and
      // the unique index on pending pairs refuses a second one written at the same instant.
      const [preferred, pending] = await query(() =>
        db.batch<{ found: number }>([
          db
            .prepare("SELECT 1 AS found FROM interpreter_stances WHERE organisation_id = ? AND interpreter_id = ? AND stance = 'preferred'")
            .bind(organisationId, interpreterId),
          db
            .prepare("SELECT 1 AS found FROM preference_requests WHERE organisation_id = ? AND interpreter_id = ? AND status = 'pending'")
            .bind(organisationId, interpreterId),
        ]),
      );
      if (preferred!.results.length) return { ok: false, reason: "already" };
      if (pending!.results.length) return { ok: false, reason: "pending" };
      const row = await query(() =>
        db
          .prepare(
            `INSERT INTO preference_requests (organisation_id, interpreter_id, requested_by, note, created_at)
             SELECT p.organisation_id, ?, p.account_id, ?, ? FROM customer_people p
             WHERE p.account_id = ? AND p.organisation_id = ? AND ? IN (${PAST_INTERPRETERS})
             ON CONFLICT DO NOTHING RETURNING id`,
          )
          .bind(interpreterId, note, now, accountId, organisationId, interpreterId, organisationId)
          .first<{ id: number }>(),
      );
      if (row) return { ok: true, id: row.id };
      // Nothing stored: another request for the pair written in the meantime (the unique index), or not allowed at all.
      const raced = await query(() =>
        db
          .prepare("SELECT 1 AS found FROM preference_requests WHERE organisation_id = ? AND interpreter_id = ? AND status = 'pending'")
          .bind(organisationId, interpreterId)
          .first(),
      );
      return { ok: false, reason: raced ? "pending" : "not-found" };
    },

    async blockedFor(customerId) {
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT s.interpreter_id FROM interpreter_stances s JOIN customers c ON c.organisation_id = s.organisation_id
             WHERE c.id = ? AND s.stance = 'blocked' ORDER BY s.interpreter_id`,
          )
          .bind(customerId)
          .all<{ interpreter_id: string }>(),
      );
      return results.map((row) => row.interpreter_id);
    },

    async requests(organisationId) {
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT r.id, r.interpreter_id, u.full_name, p.full_name AS requested_by_name, r.note, r.created_at
             FROM preference_requests r JOIN users u ON u.id = r.interpreter_id
             JOIN customer_people p ON p.account_id = r.requested_by
             WHERE r.organisation_id = ? AND r.status = 'pending' ORDER BY r.created_at, r.id`,
          )
          .bind(organisationId)
          .all<RequestRow>(),
      );
      return results.map((row): PreferenceRequest => ({
        id: row.id,
        interpreter: { id: row.interpreter_id, name: row.full_name },
        requestedBy: row.requested_by_name,
        note: row.note,
        createdAt: row.created_at,
      }));
    },

    async answer(organisationId, requestId, accept, by, now) {
      // One batch: the request is answered only while pending and this organisation's, and the stance is written only
      // where this very write answered it (answered_at = now and answered_by = by on a row that was pending).
      const [answered] = await query(() =>
        db.batch([
          db
            .prepare(
              `UPDATE preference_requests SET status = ?, answered_by = ?, answered_at = ?
               WHERE id = ? AND organisation_id = ? AND status = 'pending' RETURNING interpreter_id`,
            )
            .bind(accept ? "accepted" : "declined", by, now, requestId, organisationId),
          db
            .prepare(
              `INSERT INTO interpreter_stances (organisation_id, interpreter_id, stance, set_by, set_at)
               SELECT organisation_id, interpreter_id, 'preferred', ?, ? FROM preference_requests
               WHERE id = ? AND organisation_id = ? AND status = 'accepted' AND answered_at = ? AND answered_by = ? AND ?
               ON CONFLICT (organisation_id, interpreter_id) DO UPDATE SET stance = excluded.stance, set_by = excluded.set_by, set_at = excluded.set_at`,
            )
            .bind(by, now, requestId, organisationId, now, by, accept ? 1 : 0),
        ]),
      );
      return answered!.results.length > 0;
    },
  };
}
