// Orders on D1 (issue 13; docs/decisions/0018): a request, a transition, a message — each one batch, so one
// transaction. A change writes a random `last_change` id into the order with its compare-and-set, and every row it
// adds in the same batch is inserted only where the order carries that id: a change that lost the race adds nothing.
// The e-mails of a change are rows of its batch too (issue 21): stored with it, or not at all.
import type { OrderDetail } from "~/domain/order-records";
import type { OrderStore } from "~/backend/port.server";
import {
  toOrderDetail,
  toStoredFile,
  type EventRow,
  type FileRow,
  type MessageRow,
  type OrderDetailParts,
  type OrderDetailRow,
} from "~/backend/rows/order.server";
import { mailStatements } from "./mail-outbox.server";
import { d1OrderLists, ORDER_JOINS, ORDER_SUMMARY_SQL } from "./order-lists.server";
import { brokenConstraint, query } from "./query.server";

/** Rows a change adds: only where the order carries this change's id. */
const IF_CHANGE = "FROM orders WHERE id = ? AND last_change = ?";

export function d1OrderStore(db: D1Database): OrderStore {
  const lists = d1OrderLists(db);

  async function detail(id: number): Promise<OrderDetail | null> {
    const [orders, targets, files, messages, events] = await query(() =>
      db.batch<unknown>([
        db
          .prepare(
            `${ORDER_SUMMARY_SQL}, o.requester_phone AS customer_phone, o.service_id, o.source_language_id, o.details, o.locale, o.internal_note,
               o.cancel_reason, o.token_revoked_at, o.token_sealed, q.due_date, q.valid_until, q.quoted_at
             ${ORDER_JOINS} WHERE o.id = ?`,
          )
          .bind(id),
        db.prepare("SELECT language_id, language FROM order_targets WHERE order_id = ? ORDER BY position").bind(id),
        db.prepare("SELECT * FROM order_files WHERE order_id = ? ORDER BY id").bind(id),
        db
          .prepare(
            `SELECT m.id, m.author, u.full_name AS author_name, m.body, m.created_at FROM order_messages m
             LEFT JOIN users u ON u.id = m.author_id WHERE m.order_id = ? ORDER BY m.created_at, m.id`,
          )
          .bind(id),
        db
          .prepare(
            `SELECT e.id, e.at, e.actor, u.full_name AS actor_name, e.action, e.from_status, e.to_status, e.detail FROM order_events e
             LEFT JOIN users u ON u.id = e.actor_id WHERE e.order_id = ? ORDER BY e.at, e.id`,
          )
          .bind(id),
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
  }

  return {
    ...lists,
    get: detail,

    async verifyIdentity(id, now) {
      const row = await query(() =>
        db
          .prepare("UPDATE orders SET identity_verified_at = COALESCE(identity_verified_at, ?) WHERE id = ? RETURNING id")
          .bind(now, id)
          .first<{ id: number }>(),
      );
      return row !== null;
    },

    async create(order, now, mails = () => []) {
      const service = await query(() => db.prepare("SELECT id, title FROM services WHERE id = ?").bind(order.serviceId).first<{ title: string }>());
      if (!service) return { ok: false, reason: "unknown-service" };
      const ids = [order.sourceLanguageId, ...order.targetLanguageIds];
      const { results } = await query(() =>
        db.prepare("SELECT id, name FROM languages WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).all<{ id: number; name: string }>(),
      );
      const nameOf = new Map(results.map((language) => [language.id, language.name]));
      if (ids.some((id) => !nameOf.has(id))) return { ok: false, reason: "unknown-language" };

      const email = order.customer.email.toLowerCase();
      const ofThisOrder = "FROM orders WHERE token_hash = ?";
      const statements = (id: number) => [
        // Found by e-mail or created: details typed later never overwrite those on file, and the order keeps its own.
        db
          .prepare("INSERT INTO customers (name, email, phone, company, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING")
          .bind(order.customer.name, email, order.customer.phone, order.customer.company, now),
        db
          .prepare(
            `INSERT INTO orders (id, customer_id, service_id, service_title, source_language_id, source_language, deadline, details, locale,
               token_hash, token_sealed, requester_name, requester_company, requester_phone, created_at, updated_at)
             SELECT ?, id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM customers WHERE email = ?`,
          )
          .bind(
            ...[id, order.serviceId, service.title, order.sourceLanguageId, nameOf.get(order.sourceLanguageId)!, order.deadline, order.details],
            ...[order.locale, order.tokenHash, order.tokenSealed, order.customer.name, order.customer.company, order.customer.phone, now, now, email],
          ),
        ...order.targetLanguageIds.map((languageId, position) =>
          db
            .prepare(`INSERT INTO order_targets (order_id, language_id, language, position) SELECT id, ?, ?, ? ${ofThisOrder}`)
            .bind(languageId, nameOf.get(languageId)!, position, order.tokenHash),
        ),
        ...order.files.map((file) =>
          db
            .prepare(
              `INSERT INTO order_files (order_id, kind, object_key, file_name, content_type, size, created_at) SELECT id, 'source', ?, ?, ?, ?, ? ${ofThisOrder}`,
            )
            .bind(file.objectKey, file.fileName, file.contentType, file.size, now, order.tokenHash),
        ),
        db
          .prepare(`INSERT INTO order_events (order_id, at, actor, action, to_status) SELECT id, ?, 'customer', 'requested', 'new' ${ofThisOrder}`)
          .bind(now, order.tokenHash),
        ...mailStatements(db, "order", mails(id), now, "id = ?", id),
      ];
      // The id is chosen before the batch, so that the e-mails written for it (its number is in them) go in the same
      // batch; a request that took the same id at the same moment makes this batch fail whole, and the next id is tried.
      for (let attempt = 1; ; attempt++) {
        const next = (await query(() => db.prepare("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM orders").first<{ id: number }>()))!.id;
        try {
          await query(() => db.batch(statements(next)));
          return { ok: true, id: next };
        } catch (error) {
          const broken = brokenConstraint(error);
          if (attempt >= 3 || broken?.kind !== "unique" || broken.column !== "orders.id") throw error;
        }
      }
    },

    async byTokenHash(tokenHash) {
      const row = await query(() =>
        db.prepare("SELECT id FROM orders WHERE token_hash = ? AND token_revoked_at IS NULL").bind(tokenHash).first<{ id: number }>(),
      );
      return row ? detail(row.id) : null;
    },

    async transition(id, change, now, mails = []) {
      const changeId = crypto.randomUUID();
      const statements = [
        db
          .prepare(
            `UPDATE orders SET status = ?, version = version + 1, last_change = ?, updated_at = ?,
               interpreter_id = COALESCE(?, interpreter_id), cancel_reason = COALESCE(?, cancel_reason)
             WHERE id = ? AND version = ? AND status = ?`,
          )
          .bind(change.to, changeId, now, change.interpreterId ?? null, change.cancelReason ?? null, id, change.basedOn, change.from),
        ...(change.quote
          ? [
              db
                .prepare(`INSERT INTO order_quotes (order_id, amount_minor, currency, due_date, valid_until, quoted_at) SELECT id, ?, ?, ?, ?, ? ${IF_CHANGE}`)
                .bind(change.quote.amountMinor, change.quote.currency, change.quote.dueDate, change.quote.validUntil, now, id, changeId),
            ]
          : []),
        ...(change.deliveryFiles ?? []).map((file) =>
          db
            .prepare(
              `INSERT INTO order_files (order_id, kind, object_key, file_name, content_type, size, uploaded_by, created_at)
               SELECT id, 'delivery', ?, ?, ?, ?, ?, ? ${IF_CHANGE}`,
            )
            .bind(file.objectKey, file.fileName, file.contentType, file.size, change.actorId, now, id, changeId),
        ),
        db
          .prepare(
            `INSERT INTO order_events (order_id, at, actor, actor_id, action, from_status, to_status, detail)
             SELECT id, ?, ?, ?, ?, ?, ?, ? ${IF_CHANGE}`,
          )
          .bind(now, change.actor, change.actorId, change.transition, change.from, change.to, JSON.stringify(change.detail), id, changeId),
        ...mailStatements(db, "order", mails, now, "id = ? AND last_change = ?", id, changeId),
      ];
      const [updated] = await query(() => db.batch(statements));
      if (updated!.meta.changes === 1) return { ok: true, version: change.basedOn + 1 };
      const exists = await query(() => db.prepare("SELECT 1 AS found FROM orders WHERE id = ?").bind(id).first());
      return { ok: false, reason: exists ? "stale" : "not-found" };
    },

    async addMessage(id, { author, authorId, body }, now, mails = []) {
      const [added] = await query(() =>
        db.batch([
          db
            .prepare("INSERT INTO order_messages (order_id, author, author_id, body, created_at) SELECT id, ?, ?, ?, ? FROM orders WHERE id = ?")
            .bind(author, authorId, body, now, id),
          ...mailStatements(db, "order", mails, now, "id = ?", id),
        ]),
      );
      return added!.meta.changes === 1;
    },

    async setNote(id, note, by, now) {
      const [updated] = await query(() =>
        db.batch([
          db.prepare("UPDATE orders SET internal_note = ?, updated_at = ? WHERE id = ?").bind(note, now, id),
          db
            .prepare("INSERT INTO order_events (order_id, at, actor, actor_id, action) SELECT id, ?, 'staff', ?, 'note' FROM orders WHERE id = ?")
            .bind(now, by, id),
        ]),
      );
      return updated!.meta.changes === 1;
    },

    async revokeLink(id, by, now) {
      const [updated] = await query(() =>
        db.batch([
          db.prepare("UPDATE orders SET token_revoked_at = ?, updated_at = ? WHERE id = ? AND token_revoked_at IS NULL").bind(now, now, id),
          // Logged only when the update above revoked it (changes() is that statement's count): a second revoke in the same
          // millisecond found token_revoked_at equal to its `now` and logged the revocation twice.
          db
            .prepare(
              `INSERT INTO order_events (order_id, at, actor, actor_id, action)
               SELECT id, ?, 'staff', ?, 'link-revoked' FROM orders WHERE id = ? AND token_revoked_at = ? AND changes() = 1`,
            )
            .bind(now, by, id, now),
        ]),
      );
      return updated!.meta.changes === 1;
    },

    async file(orderId, fileId) {
      const row = await query(() => db.prepare("SELECT * FROM order_files WHERE id = ? AND order_id = ?").bind(fileId, orderId).first<FileRow>());
      return row ? toStoredFile(row) : null;
    },
  };
}
