// Offers on D1 (issue 25; docs/decisions/0030; migrations/0020_appointment_offers.sql). Each change is one batch, so
// one transaction with its e-mails. The first accept wins because D1 runs one write at a time and the confirming
// UPDATE requires the appointment to be still 'offered'; the same UPDATE checks the interpreter's other confirmed work,
// and the no-double-booking triggers refuse any write that gets past it.
import type { OfferStore } from "~/backend/port-offers.server";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import { toOffer, type OfferRow } from "~/backend/rows/offer.server";
import type { AcceptRefusal, OfferedJob } from "~/domain/offers";
import { APPOINTMENT_SQL } from "./appointments.server";
import { mailStatements } from "./mail-outbox.server";
import { query } from "./query.server";

const OFFER_SQL = "SELECT o.*, u.full_name AS interpreter_name FROM appointment_offers o JOIN users u ON u.id = o.interpreter_id";
/** An appointment with no open offer left before `?` (the deadline passed, or everyone answered). */
const NO_OPEN_OFFER = "NOT EXISTS (SELECT 1 FROM appointment_offers o WHERE o.appointment_id = a.id AND o.status = 'open' AND o.expires_at > ?)";

export function d1OfferStore(db: D1Database): OfferStore {
  /** The offers' appointments, joined in code (one query for all of them). */
  async function withAppointments(rows: OfferRow[]): Promise<OfferedJob[]> {
    if (rows.length === 0) return [];
    const ids = JSON.stringify([...new Set(rows.map((row) => Number(row.appointment_id)))]);
    const { results } = await query(() => db.prepare(`${APPOINTMENT_SQL} WHERE a.id IN (SELECT value FROM json_each(?))`).bind(ids).all<AppointmentRow>());
    const appointments = new Map(results.map((row) => [Number(row.id), toAppointment(row)]));
    return rows.map((row) => ({ ...toOffer(row), appointment: appointments.get(Number(row.appointment_id))! }));
  }

  const appointmentState = (id: number) =>
    query(() => db.prepare("SELECT status, version FROM appointments WHERE id = ?").bind(id).first<{ status: string; version: number }>());

  return {
    async offer(appointmentId, change, now, mails = []) {
      const people = [...new Set(change.interpreterIds)];
      const known = await query(() =>
        db.prepare("SELECT COUNT(*) AS n FROM users WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(people)).first<{ n: number }>(),
      );
      if (known!.n !== people.length) return { ok: false, reason: "unknown-interpreter" };
      const changeId = crypto.randomUUID();
      const mine = "id = ? AND last_change = ?";
      const [updated] = await query(() =>
        db.batch([
          db
            .prepare(
              `UPDATE appointments SET status = 'offered', version = version + 1, updated_at = ?, last_change = ?
               WHERE id = ? AND version = ? AND status IN ('requested', 'offered') RETURNING version`,
            )
            .bind(now, changeId, appointmentId, change.basedOn),
          // Offered again: open again, with the new deadline (a decline or an expiry is forgotten).
          ...people.map((interpreterId) =>
            db
              .prepare(
                `INSERT INTO appointment_offers (appointment_id, interpreter_id, status, offered_at, expires_at)
                 SELECT id, ?, 'open', ?, ? FROM appointments WHERE ${mine}
                 ON CONFLICT (appointment_id, interpreter_id) DO UPDATE SET status = 'open', offered_at = excluded.offered_at,
                   expires_at = excluded.expires_at, responded_at = NULL`,
              )
              .bind(interpreterId, now, change.expiresAt, appointmentId, changeId),
          ),
          // A new round of offers: it can be flagged unfilled again at its own deadline.
          db
            .prepare(`DELETE FROM unfilled_notices WHERE appointment_id = ? AND EXISTS (SELECT 1 FROM appointments WHERE ${mine})`)
            .bind(appointmentId, appointmentId, changeId),
          ...mailStatements(db, "appointment", mails, now, mine, appointmentId, changeId),
        ]),
      );
      if (updated!.results.length === 1) return { ok: true, version: change.basedOn + 1 };
      const current = await appointmentState(appointmentId);
      if (!current) return { ok: false, reason: "not-found" };
      return { ok: false, reason: current.version !== change.basedOn ? "stale" : "not-offerable" };
    },

    async forAppointment(appointmentId) {
      const { results } = await query(() =>
        db.prepare(`${OFFER_SQL} WHERE o.appointment_id = ? ORDER BY u.full_name, o.id`).bind(appointmentId).all<OfferRow>(),
      );
      return results.map(toOffer);
    },

    async get(offerId, interpreterId) {
      const row = await query(() => db.prepare(`${OFFER_SQL} WHERE o.id = ? AND o.interpreter_id = ?`).bind(offerId, interpreterId).first<OfferRow>());
      return row ? ((await withAppointments([row]))[0] ?? null) : null;
    },

    async forInterpreter(interpreterId, now, since) {
      const { results } = await query(() =>
        db
          .prepare(
            `${OFFER_SQL} JOIN appointments a ON a.id = o.appointment_id
             WHERE o.interpreter_id = ? AND a.starts_at > ?
               AND ((o.status = 'open' AND a.status = 'offered' AND o.expires_at > ?) OR o.responded_at >= ?)
             ORDER BY a.starts_at, o.id`,
          )
          .bind(interpreterId, now, now, since)
          .all<OfferRow>(),
      );
      return withAppointments(results);
    },

    async accept(offerId, interpreterId, now, mails = []) {
      const offer = await query(() =>
        db
          .prepare("SELECT appointment_id, status, expires_at FROM appointment_offers WHERE id = ? AND interpreter_id = ?")
          .bind(offerId, interpreterId)
          .first<{ appointment_id: number; status: string; expires_at: number }>(),
      );
      if (!offer) return { ok: false, reason: "not-found" };
      const appointmentId = offer.appointment_id;
      const changeId = crypto.randomUUID();
      const won = "EXISTS (SELECT 1 FROM appointments WHERE id = ? AND last_change = ?)";
      const [confirmed] = await query(() =>
        db.batch([
          db
            .prepare(
              `UPDATE appointments SET status = 'confirmed', interpreter_id = ?, version = version + 1, updated_at = ?, last_change = ?
               WHERE id = ? AND status = 'offered'
                 AND EXISTS (SELECT 1 FROM appointment_offers WHERE id = ? AND interpreter_id = ? AND status = 'open' AND expires_at > ?)
                 AND NOT EXISTS (
                   SELECT 1 FROM appointments other
                   WHERE other.interpreter_id = ? AND other.status = 'confirmed' AND other.id <> appointments.id
                     AND other.blocked_from < appointments.blocked_to AND appointments.blocked_from < other.blocked_to)
               RETURNING version`,
            )
            .bind(interpreterId, now, changeId, appointmentId, offerId, interpreterId, now, interpreterId),
          db.prepare(`UPDATE appointment_offers SET status = 'accepted', responded_at = ? WHERE id = ? AND ${won}`).bind(now, offerId, appointmentId, changeId),
          db
            .prepare(`UPDATE appointment_offers SET status = 'taken', responded_at = ? WHERE appointment_id = ? AND id <> ? AND status = 'open' AND ${won}`)
            .bind(now, appointmentId, offerId, appointmentId, changeId),
          ...mailStatements(db, "appointment", mails, now, "id = ? AND last_change = ?", appointmentId, changeId),
        ]),
      );
      const row = confirmed!.results[0] as { version: number } | undefined;
      if (row) return { ok: true, appointmentId, version: row.version };
      return { ok: false, reason: await refusalOf(offerId, now) };
    },

    async decline(offerId, interpreterId, now) {
      const { meta } = await query(() =>
        db
          .prepare("UPDATE appointment_offers SET status = 'declined', responded_at = ? WHERE id = ? AND interpreter_id = ? AND status = 'open'")
          .bind(now, offerId, interpreterId)
          .run(),
      );
      if (meta.changes > 0) return { ok: true };
      const exists = await query(() =>
        db.prepare("SELECT 1 AS found FROM appointment_offers WHERE id = ? AND interpreter_id = ?").bind(offerId, interpreterId).first(),
      );
      return { ok: false, reason: exists ? "answered" : "not-found" };
    },

    async unfilledDue(now) {
      const { results } = await query(() =>
        db
          .prepare(
            `${APPOINTMENT_SQL} WHERE a.status = 'offered' AND ${NO_OPEN_OFFER}
               AND NOT EXISTS (SELECT 1 FROM unfilled_notices n WHERE n.appointment_id = a.id)
             ORDER BY a.starts_at, a.id LIMIT 100`,
          )
          .bind(now)
          .all<AppointmentRow>(),
      );
      return results.map(toAppointment);
    },

    async flagUnfilled(appointmentId, now, mails = []) {
      const changeId = crypto.randomUUID();
      await query(() =>
        db.batch([
          db
            .prepare(
              `INSERT INTO unfilled_notices (appointment_id, noticed_at, change_id)
               SELECT a.id, ?, ? FROM appointments a WHERE a.id = ? AND a.status = 'offered' AND ${NO_OPEN_OFFER}
               ON CONFLICT (appointment_id) DO NOTHING`,
            )
            .bind(now, changeId, appointmentId, now),
          ...mailStatements(
            db,
            "appointment",
            mails,
            now,
            "id = ? AND EXISTS (SELECT 1 FROM unfilled_notices WHERE appointment_id = ? AND change_id = ?)",
            appointmentId,
            appointmentId,
            changeId,
          ),
        ]),
      );
      const notice = await query(() =>
        db.prepare("SELECT change_id FROM unfilled_notices WHERE appointment_id = ?").bind(appointmentId).first<{ change_id: string }>(),
      );
      return notice?.change_id === changeId;
    },

    async unfilledSince(appointmentId) {
      const notice = await query(() =>
        db.prepare("SELECT noticed_at FROM unfilled_notices WHERE appointment_id = ?").bind(appointmentId).first<{ noticed_at: number }>(),
      );
      return notice?.noticed_at ?? null;
    },
  };

  /** Why an accept that confirmed nothing was refused, read after it. */
  async function refusalOf(offerId: number, now: number): Promise<AcceptRefusal> {
    const row = await query(() =>
      db
        .prepare(
          "SELECT o.status, o.expires_at, a.status AS appointment_status FROM appointment_offers o JOIN appointments a ON a.id = o.appointment_id WHERE o.id = ?",
        )
        .bind(offerId)
        .first<{ status: string; expires_at: number; appointment_status: string }>(),
    );
    if (!row) return "not-found";
    if (row.status === "accepted" || row.status === "declined") return "answered";
    if (row.status === "taken" || row.appointment_status !== "offered") return "taken";
    if (row.expires_at <= now) return "expired";
    return "conflict";
  }
}
