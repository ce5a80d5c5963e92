// Appointments on D1 (issue 25; docs/decisions/0030): a booking, a change and a cancellation are each one batch, so
// one transaction, with their e-mails in it. The no-double-booking rule is the table's own (its triggers), whatever writes.
import type { AppointmentStore } from "~/backend/port-appointments.server";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import type { Appointment } from "~/domain/appointments";
import { APPOINTMENTS_PAGE_SIZE, CALENDAR_LIMIT, type AppointmentFilter } from "~/domain/appointment-lists";
import { pageCountOf } from "~/domain/paging";
import { mailStatements } from "./mail-outbox.server";
import { PAST_INTERPRETERS } from "./preferences.server";
import { brokenConstraint, query, type Filter } from "./query.server";

export const APPOINTMENT_SQL = `SELECT a.*, u.full_name AS interpreter_name, pu.full_name AS preferred_interpreter_name FROM appointments a
  LEFT JOIN users u ON u.id = a.interpreter_id LEFT JOIN users pu ON pu.id = a.preferred_interpreter_id`;

/** The list's filters as SQL conditions (every one served by an index on starts_at, or narrowing what it reads). */
function conditions(filter: AppointmentFilter): Filter[] {
  const all: (Filter | null)[] = [
    filter.startsFrom === null ? null : ["a.starts_at >= ?", [filter.startsFrom]],
    filter.startsBefore === null ? null : ["a.starts_at < ?", [filter.startsBefore]],
    filter.status ? ["a.status = ?", [filter.status]] : null,
    filter.languageId ? ["a.language_id = ?", [filter.languageId]] : null,
    filter.interpreterId ? ["a.interpreter_id = ?", [filter.interpreterId]] : null,
    filter.mode ? ["a.mode = ?", [filter.mode]] : null,
  ];
  return all.filter((item): item is Filter => item !== null);
}

/** The statuses staff can still change or cancel (the same as isChangeable). */
const OPEN = "('requested', 'offered', 'confirmed')";

export function d1AppointmentStore(db: D1Database): AppointmentStore {
  const one = async (where: string, ...binds: unknown[]) => {
    const row = await query(() =>
      db
        .prepare(`${APPOINTMENT_SQL} WHERE ${where}`)
        .bind(...binds)
        .first<AppointmentRow>(),
    );
    return row ? toAppointment(row) : null;
  };

  return {
    get: (id) => one("a.id = ?", id),
    byTokenHash: (tokenHash) => one("a.token_hash = ?", tokenHash),

    async list(filter) {
      const where = conditions(filter);
      const clause = where.length ? `WHERE ${where.map(([sql]) => sql).join(" AND ")}` : "";
      const binds = where.flatMap(([, values]) => values);
      const page = Math.max(1, filter.page);
      const [counted, rows] = await query(() =>
        db.batch<unknown>([
          db.prepare(`SELECT COUNT(*) AS n FROM appointments a ${clause}`).bind(...binds),
          db
            .prepare(`${APPOINTMENT_SQL} ${clause} ORDER BY a.starts_at, a.id LIMIT ? OFFSET ?`)
            .bind(...binds, APPOINTMENTS_PAGE_SIZE, (page - 1) * APPOINTMENTS_PAGE_SIZE),
        ]),
      );
      const total = (counted!.results[0] as { n: number }).n;
      return { items: (rows!.results as AppointmentRow[]).map(toAppointment), total, page, pageCount: pageCountOf(total, APPOINTMENTS_PAGE_SIZE) };
    },

    async between(from, to, interpreterId) {
      const { results } = await query(() =>
        db
          .prepare(
            `${APPOINTMENT_SQL} WHERE a.starts_at >= ? AND a.starts_at < ? AND a.status <> 'cancelled' AND (? IS NULL OR a.interpreter_id = ?)
             ORDER BY a.starts_at, a.id LIMIT ?`,
          )
          .bind(from, to, interpreterId, interpreterId, CALENDAR_LIMIT)
          .all<AppointmentRow>(),
      );
      return results.map(toAppointment);
    },

    async request(booking, now, mails = () => []) {
      const language = await query(() => db.prepare("SELECT name FROM languages WHERE id = ?").bind(booking.languageId).first<{ name: string }>());
      if (!language) return { ok: false, reason: "unknown-language" };
      const email = booking.contact.email.toLowerCase();
      const { contact } = booking;
      const statements = (id: number) => [
        // Found by e-mail or created: details typed later never overwrite those on file; the booking keeps its own.
        db
          .prepare("INSERT INTO customers (name, email, phone, company, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING")
          .bind(contact.name, email, contact.phone, contact.organisation, now),
        db
          .prepare(
            `INSERT INTO appointments (id, customer_id, contact_name, contact_email, contact_phone, organisation, language_id, language, mode,
               setting, starts_at, minutes, blocked_from, blocked_to, address, call_number, notes, gender_preference, locale, token_hash,
               token_sealed, created_at, updated_at)
             SELECT ?, id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM customers WHERE email = ?`,
          )
          .bind(
            ...[id, contact.name, email, contact.phone, contact.organisation, booking.languageId, language.name, booking.mode, booking.setting],
            ...[booking.startsAt, booking.minutes, booking.blockedFrom, booking.blockedTo, booking.address, booking.callNumber, booking.notes],
            ...[booking.genderPreference, booking.locale, booking.tokenHash, booking.tokenSealed, now, now, email],
          ),
        // The requester's "same interpreter as last time": only one of the organisation's past interpreters, and only
        // when the booking's customer is that organisation's (the route checked both; this write does again).
        ...(booking.preferred
          ? [
              db
                .prepare(
                  `UPDATE appointments SET preferred_interpreter_id = ?1
                   WHERE id = ?2 AND customer_id IN (SELECT id FROM customers WHERE organisation_id = ?3)
                     AND ?1 IN (${PAST_INTERPRETERS.replace("?", "?3")})`,
                )
                .bind(booking.preferred.interpreterId, id, booking.preferred.organisationId),
            ]
          : []),
        ...mailStatements(db, "appointment", mails(id), now, "id = ?", id),
      ];
      // The id is chosen before the batch, so that the e-mails written for it go in the same batch; a booking that took
      // the same id at the same moment makes this batch fail whole, and the next id is tried.
      for (let attempt = 1; ; attempt++) {
        const next = (await query(() => db.prepare("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM appointments").first<{ id: number }>()))!.id;
        try {
          await query(() => db.batch(statements(next)));
          return { ok: true, id: next };
        } catch (error) {
          const broken = brokenConstraint(error);
          if (attempt >= 3 || broken?.kind !== "unique" || broken.column !== "appointments.id") throw error;
        }
      }
    },

    async cancel(id, change, now, mails = []) {
      const changeId = crypto.randomUUID();
      const [updated] = await query(() =>
        db.batch([
          db
            .prepare(
              `UPDATE appointments SET status = 'cancelled', version = version + 1, cancel_reason = ?, cancelled_at = ?, cancelled_by = ?,
                 updated_at = ?, last_change = ?
               WHERE id = ? AND version = ? AND status IN ('requested', 'offered', 'confirmed')
               RETURNING version`,
            )
            .bind(change.reason, now, change.by, now, changeId, id, change.basedOn),
          // Only where the appointment carries this change's id: a change that lost its compare-and-set stores none.
          ...mailStatements(db, "appointment", mails, now, "id = ? AND last_change = ?", id, changeId),
        ]),
      );
      if (updated!.results.length === 1) return { ok: true, version: change.basedOn + 1 };
      const current = await query(() =>
        db.prepare("SELECT status, version FROM appointments WHERE id = ?").bind(id).first<{ status: string; version: number }>(),
      );
      if (!current) return { ok: false, reason: "not-found" };
      return { ok: false, reason: current.version !== change.basedOn ? "stale" : "not-cancellable" };
    },

    async change(id, change, now, mails = []) {
      // Read first only to know whether the start moves: the batch's compare-and-set on the version makes sure the row
      // it changes is the one read here.
      const before = await query(() =>
        db.prepare("SELECT status, version, starts_at FROM appointments WHERE id = ?").bind(id).first<{ status: string; version: number; starts_at: number }>(),
      );
      if (!before) return { ok: false, reason: "not-found" };
      if (before.version !== change.basedOn) return { ok: false, reason: "stale" };
      const { details: d, release } = change;
      const changeId = crypto.randomUUID();
      const mine = "EXISTS (SELECT 1 FROM appointments WHERE id = ? AND last_change = ?)";
      /** A constant of the statement, not a value: whether it releases the interpreter. */
      const released = release ? "1" : "0";
      const statements = [
        // Kept confirmed only while its interpreter has no other confirmed work overlapping the new span (the triggers
        // of 0017 refuse the same, whatever writes; this WHERE makes it an answer rather than an error).
        db
          .prepare(
            `UPDATE appointments SET contact_name = ?, contact_email = ?, contact_phone = ?, organisation = ?, mode = ?, setting = ?,
               starts_at = ?, minutes = ?, blocked_from = ?, blocked_to = ?, address = ?, call_number = ?, notes = ?, gender_preference = ?,
               status = CASE WHEN ${released} THEN 'requested' ELSE status END,
               interpreter_id = CASE WHEN ${released} THEN NULL ELSE interpreter_id END,
               version = version + 1, updated_at = ?, last_change = ?
             WHERE id = ? AND version = ? AND status IN ${OPEN}
               AND (${released} OR status <> 'confirmed' OR NOT EXISTS (
                 SELECT 1 FROM appointments other
                 WHERE other.interpreter_id = appointments.interpreter_id AND other.status = 'confirmed' AND other.id <> appointments.id
                   AND other.blocked_from < ? AND ? < other.blocked_to))
             RETURNING version, status`,
          )
          .bind(
            ...[d.contact.name, d.contact.email, d.contact.phone, d.contact.organisation, d.mode, d.setting, d.startsAt, d.minutes],
            ...[d.blockedFrom, d.blockedTo, d.address, d.callNumber, d.notes, d.genderPreference, now, changeId, id, change.basedOn],
            ...[d.blockedTo, d.blockedFrom],
          ),
        // Released: a new round of offers (declines kept, so staff still see who said no) and a new unfilled flag.
        ...(release
          ? [
              db
                .prepare(`DELETE FROM appointment_offers WHERE appointment_id = ? AND status IN ('open', 'accepted', 'taken') AND ${mine}`)
                .bind(id, id, changeId),
              db.prepare(`DELETE FROM unfilled_notices WHERE appointment_id = ? AND ${mine}`).bind(id, id, changeId),
            ]
          : []),
        // The reminders go again for the new time (each once: the cron writes a row per kind again).
        ...(release || before.starts_at !== d.startsAt
          ? [db.prepare(`DELETE FROM appointment_reminders WHERE appointment_id = ? AND ${mine}`).bind(id, id, changeId)]
          : []),
        ...mailStatements(db, "appointment", mails, now, "id = ? AND last_change = ?", id, changeId),
      ];
      let updated: D1Result | undefined;
      try {
        [updated] = await query(() => db.batch(statements));
      } catch (error) {
        if (/appointments_no_double_booking/.test(error instanceof Error ? error.message : String(error))) return { ok: false, reason: "conflict" };
        throw error;
      }
      const row = updated!.results[0] as { version: number; status: Appointment["status"] } | undefined;
      if (row) return { ok: true, version: row.version, status: row.status };
      const current = await query(() =>
        db.prepare("SELECT status, version FROM appointments WHERE id = ?").bind(id).first<{ status: string; version: number }>(),
      );
      if (!current) return { ok: false, reason: "not-found" };
      if (current.version !== change.basedOn) return { ok: false, reason: "stale" };
      return { ok: false, reason: ["requested", "offered", "confirmed"].includes(current.status) ? "conflict" : "not-changeable" };
    },
  };
}
