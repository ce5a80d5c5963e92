// The contact outbox in Supabase (table contact_messages), with the service role: the public never reaches
// the table itself (row-level security gives anon nothing), only through the worker.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { OutboxStore } from "../port.server";
import { MESSAGE_COLUMNS as COLUMNS, toMessage, type MessageRow } from "../rows/contact-message.server";
import { check } from "./clients.server";

export function supabaseOutboxStore(service: SupabaseClient): OutboxStore {
  const table = () => service.from("contact_messages");
  const unclaimed = (now: number) => `claimed_until.is.null,claimed_until.lt.${now}`;

  /** Attempts of a message this run has claimed (the claim makes the read-then-write safe). */
  async function attemptsUnder(id: number, claim: string): Promise<number | null> {
    const row = check<{ attempts: number } | null>(await table().select("attempts").eq("id", id).eq("claim_id", claim).maybeSingle());
    return row?.attempts ?? null;
  }

  return {
    async save({ name, email, subject, message, locale }, now) {
      const rows = check<MessageRow[]>(
        await table().insert({ name, email, subject, message, locale, received_at: now, next_attempt_at: now }).select(COLUMNS),
      );
      return toMessage(rows[0]!);
    },

    async due(now, limit) {
      const rows = check<MessageRow[]>(
        await table()
          .select(COLUMNS)
          .eq("status", "pending")
          .lte("next_attempt_at", now)
          .or(unclaimed(now))
          .order("next_attempt_at")
          .order("id")
          .limit(limit),
      );
      return rows.map(toMessage);
    },

    async claim(id, now, leaseMs) {
      const claim = crypto.randomUUID();
      const rows = check<{ id: number }[]>(
        await table()
          .update({ claim_id: claim, claimed_until: now + leaseMs })
          .eq("id", id)
          .eq("status", "pending")
          .lte("next_attempt_at", now)
          .or(unclaimed(now))
          .select("id"),
      );
      return rows.length === 1 ? claim : null;
    },

    async markSent(id, claim, now) {
      const attempts = await attemptsUnder(id, claim);
      if (attempts === null) return;
      check(
        await table()
          .update({ status: "sent", sent_at: now, attempts: attempts + 1, last_error: null, claim_id: null, claimed_until: null })
          .eq("id", id)
          .eq("claim_id", claim),
      );
    },

    async markAttemptFailed(id, claim, error, retryAt) {
      const attempts = await attemptsUnder(id, claim);
      if (attempts === null) return;
      check(
        await table()
          .update({
            attempts: attempts + 1,
            last_error: error,
            status: retryAt === null ? "failed" : "pending",
            ...(retryAt === null ? {} : { next_attempt_at: retryAt }),
            claim_id: null,
            claimed_until: null,
          })
          .eq("id", id)
          .eq("claim_id", claim),
      );
    },

    async markWaiting(id, claim, reason) {
      check(await table().update({ last_error: reason, claim_id: null, claimed_until: null }).eq("id", id).eq("claim_id", claim));
    },

    async list() {
      const rows = check<MessageRow[]>(await table().select(COLUMNS).order("received_at", { ascending: false }).order("id", { ascending: false }));
      return rows.map(toMessage);
    },

    async get(id) {
      const row = check<MessageRow | null>(await table().select(COLUMNS).eq("id", id).maybeSingle());
      return row ? toMessage(row) : null;
    },

    async setRead(id, read, now) {
      return check<{ id: number }[]>(await table().update({ read_at: read ? now : null }).eq("id", id).select("id")).length === 1;
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
