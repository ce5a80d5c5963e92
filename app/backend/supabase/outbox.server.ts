// The contact outbox in Supabase (table contact_messages), with the service role: the public never reaches
// the table itself (row-level security gives anon nothing), only through the worker. Relaying it is
// supabaseRelayQueue's.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { OutboxStore } from "~/backend/port.server";
import { MESSAGE_COLUMNS as COLUMNS, toMessage, type MessageRow } from "~/backend/rows/contact-message.server";
import { check } from "./clients.server";
import { supabaseRelayQueue } from "./relay-queue.server";

export function supabaseOutboxStore(service: SupabaseClient): OutboxStore {
  const table = () => service.from("contact_messages");

  return {
    ...supabaseRelayQueue(service, "contact_messages", COLUMNS, toMessage),

    async save({ name, email, subject, message, locale }, now) {
      const rows = check<MessageRow[]>(await table().insert({ name, email, subject, message, locale, received_at: now, next_attempt_at: now }).select(COLUMNS));
      return toMessage(rows[0]!);
    },

    async page(view, before, limit) {
      let request = table().select(COLUMNS);
      if (view === "unread") request = request.is("read_at", null);
      if (view === "failed") request = request.eq("status", "failed");
      // Keyset: after the last message of the page before (newest first, then by id).
      if (before) request = request.or(`received_at.lt.${before.receivedAt},and(received_at.eq.${before.receivedAt},id.lt.${before.id})`);
      const rows = check<MessageRow[]>(await request.order("received_at", { ascending: false }).order("id", { ascending: false }).limit(limit));
      return rows.map(toMessage);
    },

    async setRead(id, read, now) {
      return (
        check<{ id: number }[]>(
          await table()
            .update({ read_at: read ? now : null })
            .eq("id", id)
            .select("id"),
        ).length === 1
      );
    },

    async retryNow(id, now) {
      const rows = check<{ id: number }[]>(await table().update({ status: "pending", next_attempt_at: now }).eq("id", id).neq("status", "sent").select("id"));
      return rows.length === 1;
    },

    async remove(id) {
      return check<{ id: number }[]>(await table().delete().eq("id", id).select("id")).length === 1;
    },

    async unreadCount() {
      const { count, error } = await table().select("id", { count: "exact", head: true }).is("read_at", null);
      check({ data: null, error });
      return count ?? 0;
    },
  };
}
