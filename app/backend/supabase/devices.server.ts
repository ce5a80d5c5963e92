// What "Your sessions" shows of each Supabase Auth session: public.session_devices, one row per session, keyed by
// the session_id claim of its access tokens (supabase/migrations/20261123000000_push_account_administration.sql).
// Supabase Auth keeps the sessions themselves but tells the worker nothing about their devices, so the worker
// writes the row at sign-in, marks it used, and deletes rows whenever it ends sessions. The table is the worker's
// alone: every call here uses the service role.
import type { SupabaseClient } from "@supabase/supabase-js";
import { clientOf } from "~/platform/core/client-key.server";
import { sha256Hex } from "~/platform/core/hash.server";
import { check } from "./clients.server";

/** "Last used" is written again only when it is older than this: one write per 5 minutes of use, as on D1. */
export const DEVICE_TOUCH_MS = 5 * 60 * 1000;

export type DeviceRow = { session_id: string; user_agent: string | null; address: string | null; created_at: string; last_seen_at: string };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session's key in the session list (and for the call switchboard): a prefix of its id's hash, useless to sign in with. */
export async function sessionKeyOf(sessionId: string): Promise<string> {
  return (await sha256Hex(sessionId)).slice(0, 12);
}

/**
 * The session_id claim of an access token, or null. The token is only decoded here, not verified: callers take it
 * from a session Supabase has just issued or verified (a sign-in, getUser), or use it only to delete a row, which a
 * forged claim cannot aim at another session (session ids are random and never shown).
 */
export function sessionIdOf(accessToken: string | undefined): string | null {
  const payload = accessToken?.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/"))) as { session_id?: unknown };
    return typeof claims.session_id === "string" && UUID.test(claims.session_id) ? claims.session_id : null;
  } catch {
    return null;
  }
}

export type SessionDevices = ReturnType<typeof sessionDevices>;

export function sessionDevices(service: SupabaseClient) {
  const table = () => service.from("session_devices");

  return {
    /** A new session: its browser and address (created_at and last_seen_at are the database's now()). */
    async record(sessionId: string, userId: string, request: Request): Promise<void> {
      const { userAgent, address } = clientOf(request);
      check(await table().insert({ session_id: sessionId, user_id: userId, user_agent: userAgent, address }));
    },

    /**
     * Whether the session still has its row — the worker deletes it whenever it ends a session (sign-out, "sign out
     * everywhere else", a password change or reset, a lock) — and marks it used now when its last use is over
     * DEVICE_TOUCH_MS old (one write per 5 minutes of use, as on D1).
     */
    async seen(sessionId: string, now = Date.now()): Promise<boolean> {
      const row = check<{ last_seen_at: string } | null>(await table().select("last_seen_at").eq("session_id", sessionId).maybeSingle());
      if (!row) return false;
      if (Date.parse(row.last_seen_at) < now - DEVICE_TOUCH_MS) {
        check(
          await table()
            .update({ last_seen_at: new Date(now).toISOString() })
            .eq("session_id", sessionId),
        );
      }
      return true;
    },

    /** The account's rows, last used first. */
    async list(userId: string): Promise<DeviceRow[]> {
      return check<DeviceRow[]>(
        await table().select("session_id, user_agent, address, created_at, last_seen_at").eq("user_id", userId).order("last_seen_at", { ascending: false }),
      );
    },

    /** Every row of the account but `keep`'s; answers how many there were. */
    async removeOthers(userId: string, keep: string): Promise<number> {
      return check<{ session_id: string }[]>(await table().delete().eq("user_id", userId).neq("session_id", keep).select("session_id")).length;
    },

    async removeAll(userId: string): Promise<void> {
      check(await table().delete().eq("user_id", userId));
    },

    async removeOne(sessionId: string): Promise<void> {
      check(await table().delete().eq("session_id", sessionId));
    },
  };
}
