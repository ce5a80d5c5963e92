// The relay side of Supabase's two e-mail queues (contact_messages and mail_outbox share these columns), with the
// service role: what is due, the claim a run takes before sending, and the outcome of an attempt, written only while
// the run's claim still holds (the D1 counterpart is d1/relay-queue.server.ts). A claim is the record of an attempt:
// only an outcome releases it; one whose lease passed is settled as unconfirmed, never taken again (issue 21).
import type { SupabaseClient } from "@supabase/supabase-js";
import type { RelayQueue } from "~/backend/port.server";
import { check } from "./clients.server";

export function supabaseRelayQueue<Row, M>(
  service: SupabaseClient,
  table: "contact_messages" | "mail_outbox",
  columns: string,
  toItem: (row: Row) => M,
): RelayQueue<M> {
  const rows = () => service.from(table);

  /** Attempts of an item this run has claimed (the claim makes the read-then-write safe). */
  async function attemptsUnder(id: number, claim: string): Promise<number | null> {
    const row = check<{ attempts: number } | null>(await rows().select("attempts").eq("id", id).eq("claim_id", claim).maybeSingle());
    return row?.attempts ?? null;
  }

  return {
    async due(now, limit) {
      const due = check<Row[]>(
        await rows()
          .select(columns)
          .eq("status", "pending")
          .lte("next_attempt_at", now)
          .is("claimed_until", null)
          .order("next_attempt_at")
          .order("id")
          .limit(limit),
      );
      return due.map(toItem);
    },

    async claim(id, now, leaseMs) {
      const claim = crypto.randomUUID();
      const claimed = check<{ id: number }[]>(
        await rows()
          .update({ claim_id: claim, claimed_until: now + leaseMs })
          .eq("id", id)
          .eq("status", "pending")
          .lte("next_attempt_at", now)
          .is("claimed_until", null)
          .select("id"),
      );
      return claimed.length === 1 ? claim : null;
    },

    async get(id) {
      const row = check<Row | null>(await rows().select(columns).eq("id", id).maybeSingle());
      return row ? toItem(row) : null;
    },

    async markSent(id, claim, now) {
      const attempts = await attemptsUnder(id, claim);
      if (attempts === null) return;
      check(
        await rows()
          .update({ status: "sent", sent_at: now, attempts: attempts + 1, last_error: null, claim_id: null, claimed_until: null })
          .eq("id", id)
          .eq("claim_id", claim),
      );
    },

    async markAttemptFailed(id, claim, error, retryAt) {
      const attempts = await attemptsUnder(id, claim);
      if (attempts === null) return;
      check(
        await rows()
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

    async markWaiting(id, reason) {
      check(await rows().update({ last_error: reason }).eq("id", id).eq("status", "pending").is("claimed_until", null));
    },

    async settleAbandoned(now, reason) {
      const settled = check<{ id: number }[]>(
        await rows()
          .update({ status: "failed", last_error: reason, claim_id: null, claimed_until: null })
          .eq("status", "pending")
          .lt("claimed_until", now)
          .select("id"),
      );
      return settled.length;
    },
  };
}
