// Calling the orders' SQL functions (supabase/migrations/20261126000000_push_orders.sql) in a test's transaction, as
// the worker calls them: a valid request or transition, changed only where a test says so.
import type { Transaction } from "@electric-sql/pglite";
import type { Row } from "./db";
import { ADMIN_ID, LANGUAGE } from "./fixtures";

/** 2025-11-25T10:00:00.123Z: a millisecond that must survive the round trip through timestamptz. */
export const NOW = 1_764_064_800_123;
export const QUOTE = { amount_minor: 125_050, currency: "USD", due_date: "2031-05-18", valid_until: "2031-05-10" };

/** Calls one function as `tx`'s role; answers its single value. */
export async function call<T>(tx: Transaction, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await tx.query<{ value: T }>(`select ${sql} as value`, params);
  return rows[0]!.value;
}

export const rowsOf = async (tx: Transaction, sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows;

let requests = 0;

export type OrderRequest = { email?: string; name?: string; company?: string; service?: number; source?: number; targets?: number[]; files?: object[] };

/** public.push_create_order: a request from Lena Park for service 1, English into Spanish and French, with one file. */
export function createOrder(tx: Transaction, request: OrderRequest = {}, now = NOW) {
  const n = ++requests;
  return call<{ ok: boolean; id: number; reason?: string }>(
    tx,
    "public.push_create_order($1, $2, '+1 307 555 0199', $3, $4, $5, $6, '2031-05-20', 'Two contracts', 'en', $7, 'sealed', $8, $9)",
    [
      request.name ?? "Lena Park",
      request.email ?? "Lena@Example.com",
      request.company ?? "Park & Co",
      request.service ?? 1,
      request.source ?? LANGUAGE.english,
      request.targets ?? [LANGUAGE.spanish, LANGUAGE.french],
      n.toString(16).padStart(64, "0"),
      JSON.stringify(request.files ?? [{ object_key: `orders/k${n}`, file_name: "contract.pdf", content_type: "application/pdf", size: 1234 }]),
      now,
    ],
  );
}

export type OrderTransition = {
  id: number;
  transition: string;
  from: string;
  to: string;
  basedOn: number;
  quote?: object;
  interpreter?: string;
  reason?: string;
  files?: object[];
};

export const TRANSITION_SQL = "public.push_transition_order($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";

/** The arguments of push_transition_order, by staff (the admin) unless `actor` says who. The detail names the quote. */
export const transitionParams = (t: OrderTransition, actor: [string, string | null] = ["staff", ADMIN_ID], now = NOW + 1) => [
  t.id,
  t.transition,
  t.from,
  t.to,
  t.basedOn,
  actor[0],
  actor[1],
  t.quote ? JSON.stringify(t.quote) : null,
  t.interpreter ?? null,
  t.reason ?? null,
  JSON.stringify(t.files ?? []),
  JSON.stringify(t.quote ? { quote: t.quote } : {}),
  now,
];

export const transitionOrder = (tx: Transaction, t: OrderTransition, actor?: [string, string | null], now?: number) =>
  call<{ ok: boolean; version?: number; reason?: string }>(tx, TRANSITION_SQL, transitionParams(t, actor, now));
