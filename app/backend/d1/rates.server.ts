// Rate cards on D1 (issue 26; migrations/0024_rate_lines.sql). A line is only ever inserted: the table's trigger
// refuses an update.
import { RATES_PAGE_SIZE, type RateStore } from "~/backend/port-rates.server";
import { toListedRateLine, toRateLine, type ListedRateLineRow, type RateLineRow } from "~/backend/rows/rate-line.server";
import { pageCountOf } from "~/domain/paging";
import { query } from "./query.server";

export function d1RateStore(db: D1Database): RateStore {
  return {
    async add(line, by, now) {
      // The customer and the interpreter are found by e-mail in the same statement: someone missing, no row.
      const customer = line.customerEmail === null ? "NULL" : "(SELECT id FROM customers WHERE email = ?1)";
      const interpreter = line.interpreterEmail === null ? "NULL" : "(SELECT id FROM users WHERE email = ?2 COLLATE NOCASE)";
      const inserted = await query(() =>
        db
          .prepare(
            `INSERT INTO rate_lines (customer_id, interpreter_id, side, service, unit, language_id, currency, price_minor, minimum,
               increment, rush_bp, after_hours_bp, weekend_bp, holiday_bp, late_cancellation_minor, effective_from, created_by, created_at)
             SELECT ${customer}, ${interpreter}, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18
             WHERE (?1 IS NULL OR ${customer} IS NOT NULL) AND (?2 IS NULL OR ${interpreter} IS NOT NULL)
             RETURNING id`,
          )
          .bind(
            line.customerEmail,
            line.interpreterEmail,
            line.side,
            line.service,
            line.unit,
            line.languageId,
            line.currency,
            line.priceMinor,
            line.minimum,
            line.increment,
            line.surcharges.rush,
            line.surcharges.afterHours,
            line.surcharges.weekend,
            line.surcharges.holiday,
            line.lateCancellationMinor,
            line.effectiveFrom,
            by,
            now,
          )
          .first<{ id: number }>(),
      );
      if (inserted) return { ok: true, id: inserted.id };
      if (line.customerEmail !== null) {
        const found = await query(() => db.prepare("SELECT 1 AS found FROM customers WHERE email = ?").bind(line.customerEmail).first());
        if (!found) return { ok: false, reason: "unknown-customer" };
      }
      return { ok: false, reason: "unknown-interpreter" };
    },

    async list(side, page) {
      const [counted, rows] = await query(() =>
        db.batch([
          db.prepare("SELECT count(*) AS total FROM rate_lines WHERE side = ?").bind(side),
          db
            .prepare(
              `SELECT r.*, c.email AS customer_email, u.full_name AS interpreter_name FROM rate_lines r
               LEFT JOIN customers c ON c.id = r.customer_id LEFT JOIN users u ON u.id = r.interpreter_id
               WHERE r.side = ? ORDER BY r.effective_from DESC, r.id DESC LIMIT ? OFFSET ?`,
            )
            .bind(side, RATES_PAGE_SIZE, (page - 1) * RATES_PAGE_SIZE),
        ]),
      );
      const total = (counted!.results[0] as { total: number }).total;
      return { items: (rows!.results as ListedRateLineRow[]).map(toListedRateLine), total, page, pageCount: pageCountOf(total, RATES_PAGE_SIZE) };
    },

    async forPricing(side) {
      const { results } = await query(() => db.prepare("SELECT * FROM rate_lines WHERE side = ? ORDER BY id").bind(side).all<RateLineRow>());
      return results.map(toRateLine);
    },
  };
}
