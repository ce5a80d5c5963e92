// Credit notes on D1 (issue 26, build item 3; migrations/0032_credit_notes.sql): the credit note and its number are
// stored in one batch (one transaction), each statement guarded by the same check — the invoice is issued and the
// amount is no more than what is still open — so a refusal stores nothing and takes no number, and two credit notes
// issued at once get consecutive numbers and are each checked against the other (D1 runs one write at a time).
import type { InvoiceStore } from "~/backend/port-invoices.server";
import { query } from "./query.server";

/** What invoice `i` still asks: its total less its payments and its credit notes (the one formula every check uses). */
export const OPEN_OF_I = `(i.total_minor
  - (SELECT coalesce(sum(p.amount_minor), 0) FROM invoice_payments p WHERE p.invoice_id = i.id)
  - (SELECT coalesce(sum(n.amount_minor), 0) FROM credit_notes n WHERE n.invoice_id = i.id))`;

export function d1Credit(db: D1Database): InvoiceStore["credit"] {
  return async (id, { amountMinor, reason, year, by }, now) => {
    // D1 binds a JavaScript number as REAL: cast, or the comparison is a float's.
    const creditable = `SELECT 1 FROM invoices i WHERE i.id = ?1 AND i.status = 'issued' AND ${OPEN_OF_I} >= CAST(?2 AS INTEGER)`;
    const [, stored] = await query(() =>
      db.batch([
        db
          .prepare(
            `INSERT INTO credit_note_counters (year, last) SELECT ?3, 1 WHERE EXISTS (${creditable})
             ON CONFLICT (year) DO UPDATE SET last = last + 1`,
          )
          .bind(id, amountMinor, year),
        db
          .prepare(
            `INSERT INTO credit_notes (invoice_id, year, sequence, number, amount_minor, reason, created_by, created_at)
             SELECT ?1, ?3, c.last, printf('PUSH-CN-%d-%04d', ?3, c.last), CAST(?2 AS INTEGER), ?4, ?5, ?6
             FROM credit_note_counters c WHERE c.year = ?3 AND EXISTS (${creditable}) RETURNING number`,
          )
          .bind(id, amountMinor, year, reason, by, now),
      ]),
    );
    const number = (stored!.results[0] as { number: string } | undefined)?.number;
    if (number) return { ok: true, number };
    const current = await query(() => db.prepare("SELECT status FROM invoices WHERE id = ?").bind(id).first<{ status: string }>());
    if (!current) return { ok: false, reason: "not-found" };
    return { ok: false, reason: current.status === "issued" ? "over" : "draft" };
  };
}
