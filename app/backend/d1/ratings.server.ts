// Ratings on D1 (issue 27, build item 4; migrations/0038_ratings.sql; docs/decisions/0040). Every statement a requester
// reaches joins the item's customer on the organisation's id, so another organisation's item reads as none. Giving or
// changing a rating is one upsert whose SELECT checks the organisation, the rater and that the item took place, and
// whose DO UPDATE checks the 7 days: a refused one changes nothing, and only then is the reason read.
import type { RatingStore } from "~/backend/port-ratings.server";
import { toRatedItem, toRating, toStaffRating, toSummary, type RatedItemRow, type RatingRow, type StaffRatingRow } from "~/backend/rows/rating.server";
import { pageCountOf } from "~/domain/paging";
import { LATEST_COMMENTS, LOW_RATINGS_PAGE_SIZE, LOW_SCORE, rateable, RATING_EDIT_MS, type RatingTarget } from "~/domain/ratings";
import { query } from "./query.server";

/** The item, if it is the organisation's (?1), by id (?2). */
const ITEM_SQL = {
  appointment: `SELECT 'appointment' AS kind, a.id, a.starts_at, a.starts_at + a.minutes * 60000 AS ends_at, a.language,
      u.full_name AS interpreter_name, (a.status IN ('confirmed', 'completed') AND a.interpreter_id IS NOT NULL) AS done
    FROM appointments a JOIN customers c ON c.id = a.customer_id AND c.organisation_id = ?1
    LEFT JOIN users u ON u.id = a.interpreter_id WHERE a.id = ?2`,
  call: `SELECT 'call' AS kind, l.id, coalesce(l.answered_at, l.requested_at) AS starts_at, l.ended_at AS ends_at, l.language,
      l.interpreter_name, (l.outcome = 'answered') AS done
    FROM call_log l JOIN customers c ON c.id = l.customer_id AND c.organisation_id = ?1 WHERE l.id = ?2`,
};

/** The rating of the item (?1) by the rater (?2). */
const RATING_SQL = {
  appointment: "SELECT score, comment, created_at, updated_at FROM ratings WHERE appointment_id = ?1 AND rater_id = ?2",
  call: "SELECT score, comment, created_at, updated_at FROM ratings WHERE call_id = ?1 AND rater_id = ?2",
};

/**
 * The upsert: ?1 organisation, ?2 rater, ?3 item, ?4 score, ?5 comment, ?6 now, ?7 the edit window. Inserted only for an
 * item of the organisation that took place by now, by a requester of the organisation; changed only within the window.
 */
const RATE_SQL = {
  appointment: `INSERT INTO ratings (appointment_id, call_id, rater_id, interpreter_id, score, comment, created_at, updated_at)
    SELECT a.id, NULL, ?2, a.interpreter_id, ?4, ?5, ?6, ?6
    FROM appointments a JOIN customers c ON c.id = a.customer_id AND c.organisation_id = ?1
    WHERE a.id = ?3 AND a.status IN ('confirmed', 'completed') AND a.interpreter_id IS NOT NULL AND a.starts_at + a.minutes * 60000 <= ?6
      AND EXISTS (SELECT 1 FROM customer_people p WHERE p.account_id = ?2 AND p.organisation_id = ?1)
    ON CONFLICT (appointment_id, rater_id) WHERE appointment_id IS NOT NULL
    DO UPDATE SET score = excluded.score, comment = excluded.comment, updated_at = excluded.updated_at
    WHERE ratings.created_at + ?7 > excluded.updated_at`,
  call: `INSERT INTO ratings (appointment_id, call_id, rater_id, interpreter_id, score, comment, created_at, updated_at)
    SELECT NULL, l.id, ?2, l.interpreter_id, ?4, ?5, ?6, ?6
    FROM call_log l JOIN customers c ON c.id = l.customer_id AND c.organisation_id = ?1
    WHERE l.id = ?3 AND l.outcome = 'answered' AND l.ended_at <= ?6
      AND EXISTS (SELECT 1 FROM customer_people p WHERE p.account_id = ?2 AND p.organisation_id = ?1)
    ON CONFLICT (call_id, rater_id) WHERE call_id IS NOT NULL
    DO UPDATE SET score = excluded.score, comment = excluded.comment, updated_at = excluded.updated_at
    WHERE ratings.created_at + ?7 > excluded.updated_at`,
};

/** A rating as staff read it: the item's organisation through its customer, the interpreter's current name. */
const STAFF_SQL = `SELECT CASE WHEN r.appointment_id IS NULL THEN 'call' ELSE 'appointment' END AS kind, r.score, r.comment, r.updated_at,
    o.name AS organisation_name, r.interpreter_id, u.full_name AS interpreter_name
  FROM ratings r
  LEFT JOIN appointments a ON a.id = r.appointment_id
  LEFT JOIN call_log l ON l.id = r.call_id
  LEFT JOIN customers c ON c.id = coalesce(a.customer_id, l.customer_id)
  LEFT JOIN organisations o ON o.id = c.organisation_id
  LEFT JOIN users u ON u.id = r.interpreter_id`;

const SUMMARY_SQL = "SELECT avg(score) AS average, count(*) AS count FROM ratings WHERE interpreter_id = ?";

export function d1RatingStore(db: D1Database): RatingStore {
  async function itemOf(orgId: number, target: RatingTarget) {
    const row = await query(() => db.prepare(ITEM_SQL[target.kind]).bind(orgId, target.id).first<RatedItemRow>());
    return row ? toRatedItem(row) : null;
  }

  return {
    async rate({ orgId, accountId, target, score, comment, now }) {
      const [written, read] = await query(() =>
        db.batch([
          db.prepare(RATE_SQL[target.kind]).bind(orgId, accountId, target.id, score, comment, now, RATING_EDIT_MS),
          db.prepare(RATING_SQL[target.kind]).bind(target.id, accountId),
        ]),
      );
      const rating = (read!.results as RatingRow[])[0];
      if (written!.meta.changes > 0 && rating) return { ok: true, rating: toRating(rating) };
      const item = await itemOf(orgId, target);
      const member = await query(() =>
        db.prepare("SELECT 1 AS yes FROM customer_people WHERE account_id = ? AND organisation_id = ?").bind(accountId, orgId).first(),
      );
      if (!item || !member) return { ok: false, reason: "not-found" };
      if (!rateable(item, now)) return { ok: false, reason: "not-rateable" };
      return { ok: false, reason: "locked" };
    },

    async ratingOf(orgId, accountId, target) {
      const item = await itemOf(orgId, target);
      if (!item) return null;
      const row = await query(() => db.prepare(RATING_SQL[target.kind]).bind(target.id, accountId).first<RatingRow>());
      return { item, rating: row ? toRating(row) : null };
    },

    async forInterpreter(interpreterId) {
      const [summary, latest] = await query(() =>
        db.batch([
          db.prepare(SUMMARY_SQL).bind(interpreterId),
          db
            .prepare(`${STAFF_SQL} WHERE r.interpreter_id = ? AND r.comment <> '' ORDER BY r.updated_at DESC, r.id DESC LIMIT ?`)
            .bind(interpreterId, LATEST_COMMENTS),
        ]),
      );
      const figures = toSummary((summary!.results as { average: number | null; count: number }[])[0] ?? null);
      return { ...figures, latest: (latest!.results as StaffRatingRow[]).map(toStaffRating) };
    },

    async ownAverage(interpreterId) {
      return toSummary(await query(() => db.prepare(SUMMARY_SQL).bind(interpreterId).first<{ average: number | null; count: number }>()));
    },

    async lowRatings({ page }) {
      const [total, rows] = await query(() =>
        db.batch([
          db.prepare("SELECT count(*) AS total FROM ratings WHERE score <= ?").bind(LOW_SCORE),
          db
            .prepare(`${STAFF_SQL} WHERE r.score <= ? ORDER BY r.updated_at DESC, r.id DESC LIMIT ? OFFSET ?`)
            .bind(LOW_SCORE, LOW_RATINGS_PAGE_SIZE, (page - 1) * LOW_RATINGS_PAGE_SIZE),
        ]),
      );
      const count = Number((total!.results as { total: number }[])[0]?.total ?? 0);
      return { items: (rows!.results as StaffRatingRow[]).map(toStaffRating), total: count, page, pageCount: pageCountOf(count, LOW_RATINGS_PAGE_SIZE) };
    },
  };
}
