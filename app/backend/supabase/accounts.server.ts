// The Users page on Supabase: the sign-in accounts of Supabase Auth (admin API) with their users rows; roles in
// users.role, locks as Supabase Auth bans. The routes have checked the admin guard; everything here uses the
// service role.
import type { SupabaseClient } from "@supabase/supabase-js";
import { ACCOUNTS_PAGE_SIZE, type Account } from "~/domain/accounts";
import { pageCountOf } from "~/domain/paging";
import type { Role } from "~/domain/auth";
import type { AccountStore } from "~/backend/port.server";
import { check, failIf } from "./clients.server";
import { UUID, type SessionDevices } from "./devices.server";
import { isBanned } from "./auth.server";

/** A lock is a ban without an end in practice: 100 years (Go's duration syntax, as Supabase Auth parses it). */
const LOCKED = "876000h";
/**
 * The users_keep_an_admin trigger's SQLSTATE (check_violation): taking the admin role from the last administrator
 * who can sign in. The role column's own check constraint shares the code, but only admin/interpreter get here.
 */
const LAST_ADMIN = "23514";

/** A row of push_list_accounts: auth.users' columns with the users row's (null when there is none). */
type AccountJson = {
  id: string;
  email: string | null;
  last_sign_in_at: string | null;
  banned_until: string | null;
  full_name: string | null;
  role: Role | null;
};

export function supabaseAccountStore(service: SupabaseClient, devices: SessionDevices): AccountStore {
  return {
    async list({ search, page }) {
      const answer = check<{ total: number | string; items: AccountJson[] }>(
        await service.rpc("push_list_accounts", { p_search: search, p_limit: ACCOUNTS_PAGE_SIZE, p_offset: (page - 1) * ACCOUNTS_PAGE_SIZE }),
      );
      const now = Date.now();
      const items = answer.items.map((row): Account => ({
        id: row.id,
        fullName: row.full_name,
        email: row.email ?? "",
        role: row.role ?? "interpreter",
        lastSignInAt: row.last_sign_in_at ? Date.parse(row.last_sign_in_at) : null,
        locked: isBanned(row.banned_until ?? undefined, now),
      }));
      const total = Number(answer.total);
      return { items, total, page, pageCount: pageCountOf(total, ACCOUNTS_PAGE_SIZE) };
    },

    async emailOf(id) {
      if (!UUID.test(id)) return null;
      const { data, error } = await service.auth.admin.getUserById(id);
      if (error?.status === 404) return null; // user_not_found
      failIf(error);
      return data.user?.email ?? null;
    },

    async setRole(id, role) {
      if (!UUID.test(id)) return { ok: false, reason: "not-found" };
      // One statement: the database's trigger checks "another unlocked admin remains" under a lock, so two
      // administrators demoting each other at once cannot both succeed.
      const result = await service.from("users").update({ role }).eq("id", id).select("email");
      if (result.error?.code === LAST_ADMIN) return { ok: false, reason: "last-admin" };
      const rows = check<{ email: string }[]>(result);
      return rows[0] ? { ok: true, email: rows[0].email } : { ok: false, reason: "not-found" };
    },

    async setLocked(id, locked) {
      if (!UUID.test(id)) return { ok: false, reason: "not-found" };
      const { data, error } = await service.auth.admin.updateUserById(id, { ban_duration: locked ? LOCKED : "none" });
      if (error?.status === 404) return { ok: false, reason: "not-found" }; // user_not_found
      failIf(error);
      // A ban stops sign-ins and refreshes but ends no session. Deleting the device rows does: currentUser()
      // accepts only a session that still has its row (auth.server.ts), so the sessions from before a lock stay
      // ended after an unlock too.
      if (locked) await devices.removeAll(id);
      return { ok: true, email: data.user?.email ?? "" };
    },
  };
}
