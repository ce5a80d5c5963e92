// After-the-appointment records on D1 (issue 25; migrations/0023_appointment_records.sql). Approving is one batch: the
// appointment completed (a compare-and-set on its version) and the record written approved only with that change.
import { recordIdsToRead, type RecordStore } from "~/backend/port-records.server";
import { toRecord, type RecordRow } from "~/backend/rows/appointment-record.server";
import { query } from "./query.server";

export function d1RecordStore(db: D1Database): RecordStore {
  const state = (id: number) =>
    query(() =>
      db
        .prepare(
          "SELECT a.status, a.version, a.interpreter_id, a.starts_at, r.approved_at FROM appointments a LEFT JOIN appointment_records r ON r.appointment_id = a.id WHERE a.id = ?",
        )
        .bind(id)
        .first<{ status: string; version: number; interpreter_id: string | null; starts_at: number; approved_at: number | null }>(),
    );

  return {
    async record(appointmentId, interpreterId, entry, now) {
      const { meta } = await query(() =>
        db
          .prepare(
            `INSERT INTO appointment_records (appointment_id, actual_start, actual_end, travel_minutes, no_show, recorded_by, recorded_at)
             SELECT id, ?, ?, ?, ?, ?, ? FROM appointments WHERE id = ? AND status = 'confirmed' AND interpreter_id = ? AND starts_at <= ?
             ON CONFLICT (appointment_id) DO UPDATE SET actual_start = excluded.actual_start, actual_end = excluded.actual_end,
               travel_minutes = excluded.travel_minutes, no_show = excluded.no_show, recorded_by = excluded.recorded_by,
               recorded_at = excluded.recorded_at
             WHERE appointment_records.approved_at IS NULL`,
          )
          .bind(entry.actualStart, entry.actualEnd, entry.travelMinutes, entry.noShow, interpreterId, now, appointmentId, interpreterId, now)
          .run(),
      );
      if (meta.changes > 0) return { ok: true };
      const current = await state(appointmentId);
      if (!current || current.interpreter_id !== interpreterId) return { ok: false, reason: "not-found" };
      if (current.approved_at !== null) return { ok: false, reason: "approved" };
      if (current.status !== "confirmed") return { ok: false, reason: "not-found" };
      return { ok: false, reason: "not-started" };
    },

    async approve(appointmentId, { basedOn, entry, by }, now) {
      const changeId = crypto.randomUUID();
      const [completed] = await query(() =>
        db.batch([
          db
            .prepare(
              `UPDATE appointments SET status = 'completed', version = version + 1, updated_at = ?, last_change = ?
               WHERE id = ? AND version = ? AND status = 'confirmed' AND starts_at <= ? RETURNING version`,
            )
            .bind(now, changeId, appointmentId, basedOn, now),
          db
            .prepare(
              `INSERT INTO appointment_records (appointment_id, actual_start, actual_end, travel_minutes, no_show, recorded_by, recorded_at, approved_by, approved_at)
               SELECT id, ?, ?, ?, ?, ?, ?, ?, ? FROM appointments WHERE id = ? AND last_change = ?
               ON CONFLICT (appointment_id) DO UPDATE SET actual_start = excluded.actual_start, actual_end = excluded.actual_end,
                 travel_minutes = excluded.travel_minutes, no_show = excluded.no_show, approved_by = excluded.approved_by,
                 approved_at = excluded.approved_at`,
            )
            .bind(entry.actualStart, entry.actualEnd, entry.travelMinutes, entry.noShow, by, now, by, now, appointmentId, changeId),
        ]),
      );
      const row = completed!.results[0] as { version: number } | undefined;
      if (row) return { ok: true, version: row.version };
      const current = await state(appointmentId);
      if (!current) return { ok: false, reason: "not-found" };
      if (current.version !== basedOn) return { ok: false, reason: "stale" };
      if (current.status !== "confirmed") return { ok: false, reason: "not-confirmed" };
      return { ok: false, reason: "not-started" };
    },

    async of(appointmentId) {
      const row = await query(() => db.prepare("SELECT * FROM appointment_records WHERE appointment_id = ?").bind(appointmentId).first<RecordRow>());
      return row ? toRecord(row) : null;
    },

    async ofMany(appointmentIds) {
      const ids = recordIdsToRead(appointmentIds);
      if (ids.length === 0) return [];
      // One JSON parameter for the list (D1 binds at most 100 parameters per statement).
      const { results } = await query(() =>
        db.prepare("SELECT * FROM appointment_records WHERE appointment_id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).all<RecordRow>(),
      );
      return results.map(toRecord);
    },
  };
}
