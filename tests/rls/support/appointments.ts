// Appointments on real Postgres (supabase/migrations/20261202000000_push_appointments.sql): rows written straight to
// the table (what a bug, the table editor or another program could write), and the functions called as the worker
// calls them.
import type { Transaction } from "@electric-sql/pglite";
import { failure, type Outcome, type Row } from "./db";
import { LANGUAGE } from "./fixtures";
import { call } from "./orders";

export const HOUR = 3_600_000;
export const at = (iso: string) => Date.parse(iso);

/** One statement inside a larger transaction, reported instead of thrown (a savepoint keeps the transaction usable). */
export async function attempt(tx: Transaction, sql: string, params: unknown[] = []): Promise<Outcome> {
  await tx.query("savepoint attempt");
  try {
    const result = await tx.query<Row>(sql, params);
    await tx.query("release savepoint attempt");
    return { ok: true, rows: result.rows, affected: result.affectedRows ?? 0 };
  } catch (error) {
    await tx.query("rollback to savepoint attempt");
    return failure(error);
  }
}

/** The exclusion constraint's refusal, as Postgres reports it. */
export const DOUBLE_BOOKING = {
  ok: false,
  code: "23P01",
  message: 'conflicting key value violates exclusion constraint "appointments_no_double_booking"',
} as const;

let links = 0;

export type DirectRow = { id?: number; status?: string; interpreter?: string | null; from: string; to: string; minutes?: number };

/**
 * An INSERT of one appointment of customer 1, by video, starting when its span starts (`from`, `to`: ISO instants),
 * `minutes` long (the span's length by default).
 */
export function insertSql({ id, status = "requested", interpreter = null, from, to, minutes }: DirectRow): [string, unknown[]] {
  const length = minutes ?? (at(to) - at(from)) / 60_000;
  return [
    `insert into public.appointments (${id ? "id, " : ""}customer_id, contact_name, contact_email, language_id, language, mode, setting,
       starts_at, minutes, blocked, status, interpreter_id, token_hash)
     ${id ? "overriding system value " : ""}values (${id ? `${id}, ` : ""}1, 'Ana Ruiz', 'ana@customer.test', ${LANGUAGE.spanish}, 'Spanish', 'video',
       'medical', $1, $2, tstzrange($1, $3, '[)'), $4, $5, $6)`,
    [from, length, to, status, interpreter, `d${(links++).toString(16).padStart(63, "0")}`],
  ];
}

/** A customer for the rows above (id 1). */
export const CUSTOMER_SQL = "insert into public.customers (id, name, email) overriding system value values (1, 'Ana Ruiz', 'ana@customer.test')";

export type Booking = {
  email?: string;
  name?: string;
  language?: number;
  startsAt?: number;
  minutes?: number;
  blocked?: [number, number];
  hash?: string;
  id?: number | null;
  mails?: object[];
  now?: number;
};

/** 2027-03-16T17:00:00.250Z: a millisecond that must survive the round trip through timestamptz. */
export const STARTS = 1_805_216_400_250;
export const NOW = 1_764_064_800_123;

/** public.push_request_appointment with named arguments: on site, 2 h from STARTS, 30 min of travel either side. */
export function requestAppointment(tx: Transaction, booking: Booking = {}) {
  const startsAt = booking.startsAt ?? STARTS;
  const minutes = booking.minutes ?? 120;
  const [from, to] = booking.blocked ?? [startsAt - HOUR / 2, startsAt + minutes * 60_000 + HOUR / 2];
  return call<{ ok: boolean; id?: number; reason?: string }>(
    tx,
    `public.push_request_appointment(p_name => $1, p_email => $2, p_phone => '+1 303 555 0100', p_organisation => 'Clinic',
       p_language_id => $3, p_mode => 'on_site', p_setting => 'medical', p_starts_at => $4, p_minutes => $5, p_blocked_from => $6,
       p_blocked_to => $7, p_address => '1 Main St, Denver', p_call_number => '', p_notes => 'Room 4', p_gender_preference => 'female',
       p_locale => 'en', p_token_hash => $8, p_token_sealed => 'sealed', p_now => $9, p_id => $10, p_mails => $11)`,
    [
      booking.name ?? "Ana Ruiz",
      booking.email ?? "Ana.Ruiz@Example.com",
      booking.language ?? LANGUAGE.spanish,
      startsAt,
      minutes,
      from,
      to,
      booking.hash ?? `e${(links++).toString(16).padStart(63, "0")}`,
      booking.now ?? NOW,
      booking.id ?? null,
      JSON.stringify(booking.mails ?? []),
    ],
  );
}

export const CANCEL_SQL = "public.push_cancel_appointment(p_id => $1, p_version => $2, p_by => $3, p_reason => $4, p_now => $5, p_mails => $6)";

export const cancelAppointment = (tx: Transaction, id: number, version: number, mails: object[] = [], by = "staff", reason = "No interpreter free") =>
  call<{ ok: boolean; version?: number; reason?: string }>(tx, CANCEL_SQL, [id, version, by, reason, NOW + 1, JSON.stringify(mails)]);
