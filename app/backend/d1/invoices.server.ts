// Invoices on D1 (issue 26; migrations/0025_invoices.sql; docs/decisions/0037). Issuing is one batch, which D1 runs as
// one transaction, one writer at a time: the year's counter moves on only where the draft is still at the version the
// page showed, and the invoice takes the counter's value in the same batch, so two issuing at once get consecutive
// numbers and a refused issue takes none.
import { INVOICES_PAGE_SIZE, UNBILLED_AT_ONCE, type InvoiceStore } from "~/backend/port-invoices.server";
import {
  toInvoice,
  toInvoiceSummary,
  toListedPayment,
  toUnbilledAppointment,
  toUnbilledCall,
  toUnbilledOrder,
  type BillableItemRow,
  type CreditNoteRow,
  type InvoiceLinkRow,
  type InvoiceRow,
  type InvoiceSummaryRow,
  type ListedPaymentRow,
  type PaymentRow,
  type UnbilledAppointmentRow,
  type UnbilledCallRow,
  type UnbilledOrderRow,
} from "~/backend/rows/billing.server";
import { pageCountOf } from "~/domain/paging";
import { mailStatements } from "./mail-outbox.server";
import { d1Credit, OPEN_OF_I } from "./credit-notes.server";
import { query } from "./query.server";

export function d1InvoiceStore(db: D1Database): InvoiceStore {
  async function get(id: number) {
    const [invoices, items, links, payments, credits] = await query(() =>
      db.batch([
        db.prepare("SELECT * FROM invoices WHERE id = ?").bind(id),
        db.prepare("SELECT * FROM billable_items WHERE invoice_id = ? ORDER BY work_day, id").bind(id),
        db.prepare("SELECT * FROM invoice_links WHERE invoice_id = ?").bind(id),
        db.prepare("SELECT * FROM invoice_payments WHERE invoice_id = ? ORDER BY id").bind(id),
        db.prepare("SELECT * FROM credit_notes WHERE invoice_id = ? ORDER BY id").bind(id),
      ]),
    );
    const row = invoices!.results[0] as InvoiceRow | undefined;
    if (!row) return null;
    return toInvoice(row, {
      items: items!.results as BillableItemRow[],
      link: (links!.results[0] as InvoiceLinkRow | undefined) ?? null,
      payments: payments!.results as PaymentRow[],
      credits: credits!.results as CreditNoteRow[],
    });
  }

  return {
    async addItems(items, now) {
      if (items.length === 0) return 0;
      const results = await query(() =>
        db.batch(
          items.map((item) =>
            db
              .prepare(
                `INSERT INTO billable_items (source, customer_id, work_day, currency, amount_minor, rate_line_id, language_id, computation, created_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (source) DO NOTHING`,
              )
              .bind(
                item.source,
                item.customerId,
                item.workDay,
                item.currency,
                item.amountMinor,
                item.rateLineId,
                item.languageId,
                JSON.stringify(item.computation),
                now,
              ),
          ),
        ),
      );
      return results.reduce((sum, result) => sum + result.meta.changes, 0);
    },

    async createDraft({ customerId, currency, from, to, by }, now) {
      const unbilled = "customer_id = ?1 AND currency = ?2 AND work_day BETWEEN ?3 AND ?4 AND invoice_id IS NULL";
      // The draft is made only when there is something to bill, and takes the items in the same batch.
      const [made] = await query(() =>
        db.batch([
          db
            .prepare(
              `INSERT INTO invoices (customer_id, currency, period_from, period_to, created_by, created_at)
               SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM billable_items WHERE ${unbilled}) RETURNING id`,
            )
            .bind(customerId, currency, from, to, by, now),
          db.prepare(`UPDATE billable_items SET invoice_id = last_insert_rowid() WHERE ${unbilled} AND changes() = 1`).bind(customerId, currency, from, to),
        ]),
      );
      const id = (made!.results[0] as { id: number } | undefined)?.id;
      return id === undefined ? { ok: false, reason: "nothing-to-bill" } : { ok: true, id };
    },

    async issue(id, { basedOn, taxBasisPoints, year, by }, now) {
      const issuable = "SELECT 1 FROM invoices WHERE id = ?1 AND status = 'draft' AND version = ?2";
      const [, issued] = await query(() =>
        db.batch([
          db
            .prepare(
              `INSERT INTO invoice_counters (year, last) SELECT ?3, 1 WHERE EXISTS (${issuable})
               ON CONFLICT (year) DO UPDATE SET last = last + 1`,
            )
            .bind(id, basedOn, year),
          db
            .prepare(
              `UPDATE invoices SET status = 'issued', version = version + 1, year = ?3,
                 sequence = (SELECT last FROM invoice_counters WHERE year = ?3),
                 number = printf('PUSH-%d-%04d', ?3, (SELECT last FROM invoice_counters WHERE year = ?3)),
                 tax_bp = ?4,
                 subtotal_minor = (SELECT coalesce(sum(amount_minor), 0) FROM billable_items WHERE invoice_id = ?1),
                 -- Half-up, once, on the subtotal (app/domain/invoices.ts invoiceTotals). D1 binds a JavaScript number as
                 -- REAL: cast, or the division is a float's (3269.075 instead of 3269).
                 tax_minor = ((SELECT coalesce(sum(amount_minor), 0) FROM billable_items WHERE invoice_id = ?1) * CAST(?4 AS INTEGER) * 2 + 10000) / 20000,
                 total_minor = (SELECT coalesce(sum(amount_minor), 0) FROM billable_items WHERE invoice_id = ?1)
                   + ((SELECT coalesce(sum(amount_minor), 0) FROM billable_items WHERE invoice_id = ?1) * CAST(?4 AS INTEGER) * 2 + 10000) / 20000,
                 issued_at = ?5, issued_by = ?6
               WHERE id = ?1 AND status = 'draft' AND version = ?2 RETURNING number`,
            )
            .bind(id, basedOn, year, taxBasisPoints, now, by),
        ]),
      );
      const number = (issued!.results[0] as { number: string } | undefined)?.number;
      if (number) return { ok: true, number };
      const current = await query(() => db.prepare("SELECT status FROM invoices WHERE id = ?").bind(id).first<{ status: string }>());
      if (!current) return { ok: false, reason: "not-found" };
      return { ok: false, reason: current.status === "issued" ? "issued" : "stale" };
    },

    async send(id, { link, locale, mail, by }, now) {
      const current = await query(() => db.prepare("SELECT status FROM invoices WHERE id = ?").bind(id).first<{ status: string }>());
      if (!current) return { ok: false, reason: "not-found" };
      // An issued invoice stays issued: checked once, it is still issued when the batch runs.
      if (current.status !== "issued") return { ok: false, reason: "draft" };
      await query(() =>
        db.batch([
          // The first sending makes the link; a later one keeps its token and takes the language given now.
          db
            .prepare(
              `INSERT INTO invoice_links (invoice_id, token_hash, token_sealed, locale, sent_at, sent_by) VALUES (?, ?, ?, ?, ?, ?)
               ON CONFLICT (invoice_id) DO UPDATE SET locale = excluded.locale, sends = sends + 1`,
            )
            .bind(id, link.hash, link.sealed, locale, now, by),
          ...mailStatements(db, "invoice", [{ ...mail, orderId: null }], now, "id = ? AND status = 'issued'", id),
        ]),
      );
      return { ok: true };
    },

    async recordPayment(id, { amountMinor, paidOn, method, reference, by }, now) {
      // Stored only where the invoice is issued and the amount is no more than what is open, in the same statement: two
      // recorded at once are each checked against the other (D1 runs one write at a time).
      const stored = await query(() =>
        db
          .prepare(
            `INSERT INTO invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at)
             SELECT i.id, ?2, ?3, ?4, ?5, ?6, ?7 FROM invoices i
             WHERE i.id = ?1 AND i.status = 'issued'
               AND ${OPEN_OF_I} >= CAST(?2 AS INTEGER)`,
          )
          .bind(id, amountMinor, paidOn, method, reference, by, now)
          .run(),
      );
      if (stored.meta.changes === 1) return { ok: true };
      const current = await query(() => db.prepare("SELECT status FROM invoices WHERE id = ?").bind(id).first<{ status: string }>());
      if (!current) return { ok: false, reason: "not-found" };
      return { ok: false, reason: current.status === "issued" ? "over" : "draft" };
    },

    async recordStripePayment(id, { amountMinor, paidOn, reference, eventId }, now) {
      // As recordPayment, and once per event: the unique index on the event's id is the backstop of the NOT EXISTS.
      const stored = await query(() =>
        db
          .prepare(
            `INSERT INTO invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at, stripe_event_id)
             SELECT i.id, ?2, ?3, 'card', ?4, 'stripe', ?5, ?6 FROM invoices i
             WHERE i.id = ?1 AND i.status = 'issued'
               AND NOT EXISTS (SELECT 1 FROM invoice_payments WHERE stripe_event_id = ?6)
               AND ${OPEN_OF_I} >= CAST(?2 AS INTEGER)`,
          )
          .bind(id, amountMinor, paidOn, reference, now, eventId)
          .run(),
      );
      if (stored.meta.changes === 1) return { ok: true };
      const [seen, current] = await query(() =>
        db.batch([
          db.prepare("SELECT 1 AS seen FROM invoice_payments WHERE stripe_event_id = ?").bind(eventId),
          db.prepare("SELECT status FROM invoices WHERE id = ?").bind(id),
        ]),
      );
      if (seen!.results.length > 0) return { ok: false, reason: "duplicate" };
      const status = (current!.results[0] as { status: string } | undefined)?.status;
      if (!status) return { ok: false, reason: "not-found" };
      return { ok: false, reason: status === "issued" ? "over" : "draft" };
    },

    get,

    credit: d1Credit(db),

    async paymentsAfter(afterId, limit) {
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT p.*, i.number AS invoice_number, i.currency, c.name AS customer_name, c.email AS customer_email
             FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id JOIN customers c ON c.id = i.customer_id
             WHERE p.id > ? ORDER BY p.id LIMIT ?`,
          )
          .bind(afterId, limit)
          .all<ListedPaymentRow>(),
      );
      return results.map(toListedPayment);
    },

    async byLink(tokenHash) {
      const link = await query(() => db.prepare("SELECT invoice_id FROM invoice_links WHERE token_hash = ?").bind(tokenHash).first<{ invoice_id: number }>());
      return link ? get(link.invoice_id) : null;
    },

    async unbilled(lateCancellationHours) {
      const [appointments, orders, calls] = await query(() =>
        db.batch([
          db
            .prepare(
              `SELECT a.id, a.customer_id, cu.currency, a.mode, a.language_id, a.starts_at, a.created_at, a.status, a.cancelled_at,
                 a.cancelled_by, r.appointment_id, r.actual_start, r.actual_end, r.travel_minutes, r.no_show, r.recorded_by, r.recorded_at,
                 r.approved_by, r.approved_at
               FROM appointments a JOIN customers cu ON cu.id = a.customer_id LEFT JOIN appointment_records r ON r.appointment_id = a.id
               WHERE ((a.status = 'completed' AND r.approved_at IS NOT NULL)
                      OR (a.status = 'cancelled' AND a.cancelled_by = 'customer' AND a.cancelled_at > a.starts_at - ?1 * 3600000))
                 AND NOT EXISTS (SELECT 1 FROM billable_items b WHERE b.source = 'appointment:' || a.id)
               ORDER BY a.starts_at, a.id LIMIT ?2`,
            )
            .bind(lateCancellationHours, UNBILLED_AT_ONCE),
          db
            .prepare(
              `SELECT o.id, o.customer_id, q.amount_minor, q.currency,
                 (SELECT max(e.at) FROM order_events e WHERE e.order_id = o.id AND e.to_status = 'completed') AS completed_at
               FROM orders o JOIN order_quotes q ON q.order_id = o.id
               WHERE o.status = 'completed' AND NOT EXISTS (SELECT 1 FROM billable_items b WHERE b.source = 'order:' || o.id)
               ORDER BY completed_at, o.id LIMIT ?`,
            )
            .bind(UNBILLED_AT_ONCE),
          db
            .prepare(
              `SELECT c.id, c.customer_id, cu.currency, c.language_id, c.answered_at, c.ended_at
               FROM call_log c JOIN customers cu ON cu.id = c.customer_id
               WHERE c.customer_id IS NOT NULL AND c.outcome = 'answered'
                 AND NOT EXISTS (SELECT 1 FROM billable_items b WHERE b.source = 'call:' || c.id)
               ORDER BY c.answered_at, c.id LIMIT ?`,
            )
            .bind(UNBILLED_AT_ONCE),
        ]),
      );
      return {
        appointments: (appointments!.results as UnbilledAppointmentRow[]).map(toUnbilledAppointment),
        orders: (orders!.results as UnbilledOrderRow[]).map(toUnbilledOrder),
        calls: (calls!.results as UnbilledCallRow[]).map(toUnbilledCall),
      };
    },

    async list(page) {
      const [counted, rows] = await query(() =>
        db.batch([
          db.prepare("SELECT count(*) AS total FROM invoices"),
          db
            .prepare(
              `SELECT i.*, c.name AS customer_name, c.email AS customer_email,
                 (SELECT count(*) FROM billable_items b WHERE b.invoice_id = i.id) AS item_count,
                 (SELECT coalesce(sum(b.amount_minor), 0) FROM billable_items b WHERE b.invoice_id = i.id) AS items_minor,
                 l.sent_at,
                 (SELECT coalesce(sum(p.amount_minor), 0) FROM invoice_payments p WHERE p.invoice_id = i.id) AS paid_minor,
                 (SELECT coalesce(sum(n.amount_minor), 0) FROM credit_notes n WHERE n.invoice_id = i.id) AS credited_minor
               FROM invoices i JOIN customers c ON c.id = i.customer_id LEFT JOIN invoice_links l ON l.invoice_id = i.id ORDER BY i.id DESC LIMIT ? OFFSET ?`,
            )
            .bind(INVOICES_PAGE_SIZE, (page - 1) * INVOICES_PAGE_SIZE),
        ]),
      );
      const total = (counted!.results[0] as { total: number }).total;
      return { items: (rows!.results as InvoiceSummaryRow[]).map(toInvoiceSummary), total, page, pageCount: pageCountOf(total, INVOICES_PAGE_SIZE) };
    },
  };
}
