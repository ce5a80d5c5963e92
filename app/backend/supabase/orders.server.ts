// Orders on Supabase (issue 13; docs/decisions/0018), with the service-role client (callers have checked who may
// act). Every change is ONE call of a SQL function (supabase/migrations/20261126000000_push_orders.sql, with its
// e-mails since 20261128000000_push_order_mail_atomic.sql: issue 21): the request
// with its customer, targets, files and first history entry; a transition's compare-and-set with the rows it adds;
// a message; the note; a revoked link — each one transaction, as the D1 adapter's batches are (d1/orders.server.ts;
// the same semantics, held to the same contract by tests/port-contract/orders-suite.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import type { NewMail } from "~/domain/mail";
import type { OrderDetail } from "~/domain/order-records";
import type { OrderStore } from "~/backend/port.server";
import { int, toOrderDetail, toStoredFile, type FileRow, type OrderDetailParts, type OrderDetailRow } from "~/backend/rows/order.server";
import { check } from "./clients.server";
import { FILE_COLUMNS, supabaseOrderLists } from "./order-lists.server";

/** public.push_get_order's and push_order_by_token's answer: the order's columns and its rows, or null. */
type DetailAnswer = (OrderDetailRow & OrderDetailParts) | null;
/** public.push_create_order's answer. */
type CreateAnswer = { ok: true; id: number } | { ok: false; reason: "unknown-service" | "unknown-language" };
/** public.push_transition_order's answer. */
type TransitionAnswer = { ok: true; version: number } | { ok: false; reason: "stale" | "not-found" };

const fileArgument = (file: { objectKey: string; fileName: string; contentType: string; size: number }) => ({
  object_key: file.objectKey,
  file_name: file.fileName,
  content_type: file.contentType,
  size: file.size,
});

/** p_mails: the e-mails the function stores with the change (private.push_enqueue_order_mails; appointments' too). */
export const mailArgument = (mails: NewMail[]) => mails.map((mail) => ({ kind: mail.kind, to_email: mail.to, subject: mail.subject, body: mail.body }));

export function supabaseOrderStore(service: SupabaseClient): OrderStore {
  const detail = (answer: DetailAnswer): OrderDetail | null => (answer ? toOrderDetail(answer, answer) : null);

  return {
    ...supabaseOrderLists(service),

    async create(order, now, mails = () => []) {
      // The id first (a sequence value: never handed out twice), so that the e-mails written for it go in the same call.
      const id = int(check<number | string>(await service.rpc("push_next_order_id")));
      const answer = check<CreateAnswer>(
        await service.rpc("push_create_order", {
          p_id: id,
          p_name: order.customer.name,
          p_email: order.customer.email,
          p_phone: order.customer.phone,
          p_company: order.customer.company,
          p_service_id: order.serviceId,
          p_source_language_id: order.sourceLanguageId,
          p_target_language_ids: order.targetLanguageIds,
          p_deadline: order.deadline,
          p_details: order.details,
          p_locale: order.locale,
          p_token_hash: order.tokenHash,
          p_token_sealed: order.tokenSealed,
          p_files: order.files.map(fileArgument),
          p_mails: mailArgument(mails(id)),
          p_now: now,
        }),
      );
      return answer.ok ? { ok: true, id: int(answer.id) } : { ok: false, reason: answer.reason };
    },

    async get(id) {
      return detail(check<DetailAnswer>(await service.rpc("push_get_order", { p_id: id })));
    },

    async byTokenHash(tokenHash) {
      return detail(check<DetailAnswer>(await service.rpc("push_order_by_token", { p_token_hash: tokenHash })));
    },

    async transition(id, change, now, mails = []) {
      const { quote } = change;
      const answer = check<TransitionAnswer>(
        await service.rpc("push_transition_order", {
          p_id: id,
          p_transition: change.transition,
          p_from: change.from,
          p_to: change.to,
          p_based_on: change.basedOn,
          p_actor: change.actor,
          p_actor_id: change.actorId,
          p_quote: quote ? { amount_minor: quote.amountMinor, currency: quote.currency, due_date: quote.dueDate, valid_until: quote.validUntil } : null,
          p_interpreter_id: change.interpreterId ?? null,
          p_cancel_reason: change.cancelReason ?? null,
          p_delivery_files: (change.deliveryFiles ?? []).map(fileArgument),
          p_detail: change.detail,
          p_mails: mailArgument(mails),
          p_now: now,
        }),
      );
      return answer.ok ? { ok: true, version: int(answer.version) } : answer;
    },

    async addMessage(id, { author, authorId, body }, now, mails = []) {
      return check<boolean>(
        await service.rpc("push_add_order_message", {
          p_id: id,
          p_author: author,
          p_author_id: authorId,
          p_body: body,
          p_mails: mailArgument(mails),
          p_now: now,
        }),
      );
    },

    async setNote(id, note, by, now) {
      return check<boolean>(await service.rpc("push_set_order_note", { p_id: id, p_note: note, p_by: by, p_now: now }));
    },

    async verifyIdentity(id, now) {
      return check<boolean>(await service.rpc("push_verify_order_identity", { p_id: id, p_now: now }));
    },

    async revokeLink(id, by, now) {
      return check<boolean>(await service.rpc("push_revoke_order_link", { p_id: id, p_by: by, p_now: now }));
    },

    async file(orderId, fileId) {
      const row = check<FileRow | null>(await service.from("order_files").select(FILE_COLUMNS).eq("id", fileId).eq("order_id", orderId).maybeSingle());
      return row ? toStoredFile(row) : null;
    },
  };
}
