// The customer portal's reads on D1 (issue 27; docs/decisions/0040). Every statement reaches its rows through
// `customers c ON c.id = x.customer_id AND c.organisation_id = ?`, so the organisation is in the same query as the id:
// another organisation's order, appointment or invoice is simply not found. An organisation's work is small beside the
// whole table, so its lists walk the organisation's customers (customers_organisation) and read theirs by customer.
import { orderIdOf } from "~/domain/order-records";
import { pageCountOf } from "~/domain/paging";
import { PORTAL_PAGE_SIZE, type CustomerPortalStore } from "~/backend/port-portal.server";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import {
  toInvoice,
  toInvoiceSummary,
  type BillableItemRow,
  type CreditNoteRow,
  type InvoiceLinkRow,
  type InvoiceRow,
  type InvoiceSummaryRow,
  type PaymentRow,
} from "~/backend/rows/billing.server";
import {
  targetsByOrder,
  toOrderDetail,
  toOrderSummary,
  toPortalMessage,
  type EventRow,
  type FileRow,
  type MessageRow,
  type OrderDetailParts,
  type OrderDetailRow,
  type OrderSummaryRow,
  type PortalMessageRow,
} from "~/backend/rows/order.server";
import { appointmentIdOf } from "~/domain/portal";
import { ORDER_SUMMARY_SQL } from "./order-lists.server";
import { query } from "./query.server";

/** The organisation's orders whose address was proven: `?` is the organisation id. */
const ORDERS_OF = `FROM orders o JOIN customers c ON c.id = o.customer_id AND c.organisation_id = ?
  LEFT JOIN order_quotes q ON q.order_id = o.id LEFT JOIN users u ON u.id = o.interpreter_id
  WHERE o.identity_verified_at IS NOT NULL`;
/** One of them, by id: binds the organisation id, then the order id. */
const ORDER_ID_OF = `(SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id AND c.organisation_id = ?
  WHERE o.id = ? AND o.identity_verified_at IS NOT NULL)`;
const APPOINTMENTS_OF = `FROM appointments a JOIN customers c ON c.id = a.customer_id AND c.organisation_id = ?
  LEFT JOIN users u ON u.id = a.interpreter_id`;
/** Issued invoices only: a draft is staff's until it is issued. */
const INVOICES_OF = `FROM invoices i JOIN customers c ON c.id = i.customer_id AND c.organisation_id = ? WHERE i.status = 'issued'`;
const INVOICE_ID_OF = `(SELECT i.id FROM invoices i JOIN customers c ON c.id = i.customer_id AND c.organisation_id = ?
  WHERE i.id = ? AND i.status = 'issued')`;
/** The messages of the organisation's proven orders (the orders ORDERS_OF reads): `?1` is the organisation id. */
const MESSAGES_OF = `FROM order_messages m JOIN orders o ON o.id = m.order_id
  JOIN customers c ON c.id = o.customer_id AND c.organisation_id = ?1
  WHERE o.identity_verified_at IS NOT NULL`;
const MONEY_OF_I = `(SELECT coalesce(sum(p.amount_minor), 0) FROM invoice_payments p WHERE p.invoice_id = i.id) AS paid_minor,
  (SELECT coalesce(sum(n.amount_minor), 0) FROM credit_notes n WHERE n.invoice_id = i.id) AS credited_minor`;

/** `%text%` for LIKE … ESCAPE '\', the text's own % _ \ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const pageOf = <T>(items: T[], total: number, page: number) => ({ items, total, page, pageCount: pageCountOf(total, PORTAL_PAGE_SIZE) });
const offsetOf = (page: number) => (Math.max(1, page) - 1) * PORTAL_PAGE_SIZE;

export function d1PortalStore(db: D1Database): CustomerPortalStore {
  return {
    async orders(organisationId, { search, page }) {
      const id = orderIdOf(search);
      const text = search.trim();
      const where = text
        ? `AND (o.requester_name LIKE ?2 ESCAPE '\\' OR o.requester_company LIKE ?2 ESCAPE '\\' OR o.service_title LIKE ?2 ESCAPE '\\' OR o.id = ?3)`
        : "";
      const binds = text ? [organisationId, likePattern(text), id ?? 0] : [organisationId];
      const from = ORDERS_OF.replace("c.organisation_id = ?", "c.organisation_id = ?1");
      const [counted, rows] = await query(() =>
        db.batch<unknown>([
          db.prepare(`SELECT count(*) AS n ${from} ${where}`).bind(...binds),
          db
            .prepare(`${ORDER_SUMMARY_SQL} ${from} ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ${PORTAL_PAGE_SIZE} OFFSET ${offsetOf(page)}`)
            .bind(...binds),
        ]),
      );
      const results = rows!.results as OrderSummaryRow[];
      const targets = await targetsOf(
        organisationId,
        results.map((row) => row.id),
      );
      const items = results.map((row) => toOrderSummary(row, targets.get(row.id) ?? []));
      return pageOf(items, (counted!.results[0] as { n: number }).n, page);
    },

    async order(organisationId, id) {
      const scope = [organisationId, id];
      const [orders, targets, files, messages, events] = await query(() =>
        db.batch<unknown>([
          db
            .prepare(
              `${ORDER_SUMMARY_SQL}, o.requester_phone AS customer_phone, o.service_id, o.source_language_id, o.details, o.locale,
                 '' AS internal_note, o.cancel_reason, o.token_revoked_at, o.token_sealed, q.due_date, q.valid_until, q.quoted_at
               ${ORDERS_OF} AND o.id = ?`,
            )
            .bind(...scope),
          db.prepare(`SELECT language_id, language FROM order_targets WHERE order_id = ${ORDER_ID_OF} ORDER BY position`).bind(...scope),
          db.prepare(`SELECT * FROM order_files WHERE order_id = ${ORDER_ID_OF} ORDER BY id`).bind(...scope),
          db
            .prepare(
              `SELECT m.id, m.author, u.full_name AS author_name, m.body, m.created_at FROM order_messages m
               LEFT JOIN users u ON u.id = m.author_id WHERE m.order_id = ${ORDER_ID_OF} ORDER BY m.created_at, m.id`,
            )
            .bind(...scope),
          db
            .prepare(
              `SELECT e.id, e.at, e.actor, u.full_name AS actor_name, e.action, e.from_status, e.to_status, e.detail FROM order_events e
               LEFT JOIN users u ON u.id = e.actor_id WHERE e.order_id = ${ORDER_ID_OF} ORDER BY e.at, e.id`,
            )
            .bind(...scope),
        ]),
      );
      const row = orders!.results[0] as OrderDetailRow | undefined;
      if (!row) return null;
      return toOrderDetail(row, {
        targets: targets!.results as OrderDetailParts["targets"],
        files: files!.results as FileRow[],
        messages: messages!.results as MessageRow[],
        events: events!.results as EventRow[],
      });
    },

    async appointments(organisationId, { search, page, when, now }) {
      const id = appointmentIdOf(search);
      const text = search.trim();
      const time = when === "upcoming" ? "a.starts_at >= ?2" : "a.starts_at < ?2";
      const match = text ? `AND (a.contact_name LIKE ?3 ESCAPE '\\' OR a.language LIKE ?3 ESCAPE '\\' OR a.id = ?4)` : "";
      const binds = text ? [organisationId, now, likePattern(text), id ?? 0] : [organisationId, now];
      const from = `${APPOINTMENTS_OF.replace("c.organisation_id = ?", "c.organisation_id = ?1")} WHERE ${time} ${match}`;
      const order = when === "upcoming" ? "a.starts_at, a.id" : "a.starts_at DESC, a.id DESC";
      const [counted, rows] = await query(() =>
        db.batch<unknown>([
          db.prepare(`SELECT count(*) AS n ${from}`).bind(...binds),
          db.prepare(`SELECT a.*, u.full_name AS interpreter_name ${from} ORDER BY ${order} LIMIT ${PORTAL_PAGE_SIZE} OFFSET ${offsetOf(page)}`).bind(...binds),
        ]),
      );
      return pageOf((rows!.results as AppointmentRow[]).map(toAppointment), (counted!.results[0] as { n: number }).n, page);
    },

    async appointment(organisationId, id) {
      const row = await query(() =>
        db.prepare(`SELECT a.*, u.full_name AS interpreter_name ${APPOINTMENTS_OF} WHERE a.id = ?`).bind(organisationId, id).first<AppointmentRow>(),
      );
      return row ? toAppointment(row) : null;
    },

    async invoices(organisationId, { page }) {
      const [counted, rows, open] = await query(() =>
        db.batch<unknown>([
          db.prepare(`SELECT count(*) AS n ${INVOICES_OF}`).bind(organisationId),
          db
            .prepare(
              `SELECT i.*, c.name AS customer_name, c.email AS customer_email,
                 (SELECT count(*) FROM billable_items b WHERE b.invoice_id = i.id) AS item_count,
                 (SELECT coalesce(sum(b.amount_minor), 0) FROM billable_items b WHERE b.invoice_id = i.id) AS items_minor,
                 (SELECT l.sent_at FROM invoice_links l WHERE l.invoice_id = i.id) AS sent_at, ${MONEY_OF_I}
               ${INVOICES_OF} ORDER BY i.issued_at DESC, i.id DESC LIMIT ${PORTAL_PAGE_SIZE} OFFSET ${offsetOf(page)}`,
            )
            .bind(organisationId),
          db
            .prepare(
              `SELECT currency, sum(max(0, total_minor - paid_minor - credited_minor)) AS open_minor
               FROM (SELECT i.currency, coalesce(i.total_minor, 0) AS total_minor, ${MONEY_OF_I} ${INVOICES_OF})
               GROUP BY currency HAVING open_minor > 0 ORDER BY currency`,
            )
            .bind(organisationId),
        ]),
      );
      const items = (rows!.results as InvoiceSummaryRow[]).map(toInvoiceSummary);
      const balances = (open!.results as { currency: string; open_minor: number }[]).map((row) => ({ currency: row.currency, openMinor: row.open_minor }));
      return { ...pageOf(items, (counted!.results[0] as { n: number }).n, page), open: balances };
    },

    async invoice(organisationId, id) {
      const scope = [organisationId, id];
      const [invoices, items, links, payments, credits] = await query(() =>
        db.batch([
          db.prepare(`SELECT i.* ${INVOICES_OF} AND i.id = ?`).bind(...scope),
          db.prepare(`SELECT * FROM billable_items WHERE invoice_id = ${INVOICE_ID_OF} ORDER BY work_day, id`).bind(...scope),
          db.prepare(`SELECT * FROM invoice_links WHERE invoice_id = ${INVOICE_ID_OF}`).bind(...scope),
          db.prepare(`SELECT * FROM invoice_payments WHERE invoice_id = ${INVOICE_ID_OF} ORDER BY id`).bind(...scope),
          db.prepare(`SELECT * FROM credit_notes WHERE invoice_id = ${INVOICE_ID_OF} ORDER BY id`).bind(...scope),
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
    },

    async messages(organisationId, { search, page }) {
      const text = search.trim();
      const where = text ? `AND (m.body LIKE ?2 ESCAPE '\\' OR m.order_id = ?3)` : "";
      const binds = text ? [organisationId, likePattern(text), orderIdOf(search) ?? 0] : [organisationId];
      const [counted, rows] = await query(() =>
        db.batch<unknown>([
          db.prepare(`SELECT count(*) AS n ${MESSAGES_OF} ${where}`).bind(...binds),
          // The requester's name is read for the customer's own messages only; a staff author's is never read.
          db
            .prepare(
              `SELECT m.id, m.order_id, m.author, CASE WHEN m.author = 'customer' THEN o.requester_name END AS customer_name, m.body, m.created_at
               ${MESSAGES_OF} ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT ${PORTAL_PAGE_SIZE} OFFSET ${offsetOf(page)}`,
            )
            .bind(...binds),
        ]),
      );
      return pageOf((rows!.results as PortalMessageRow[]).map(toPortalMessage), (counted!.results[0] as { n: number }).n, page);
    },
  };

  /** The target languages of a page's orders, still read through the organisation. */
  async function targetsOf(organisationId: number, ids: number[]) {
    if (ids.length === 0) return new Map<number, string[]>();
    const { results } = await query(() =>
      db
        .prepare(
          `SELECT t.order_id, t.language FROM order_targets t JOIN orders o ON o.id = t.order_id
           JOIN customers c ON c.id = o.customer_id AND c.organisation_id = ?
           WHERE t.order_id IN (SELECT value FROM json_each(?)) ORDER BY t.order_id, t.position`,
        )
        .bind(organisationId, JSON.stringify(ids))
        .all<{ order_id: number; language: string }>(),
    );
    return targetsByOrder(results);
  }
}
