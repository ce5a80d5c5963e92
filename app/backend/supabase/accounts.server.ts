// The Users page on Supabase: the sign-in accounts of Supabase Auth (admin API) with their users rows; roles in
// users.role, locks as Supabase Auth bans. The routes have checked the admin guard; everything here uses the
// service role.
import type { SupabaseClient, User } from "@supabase/supabase-js";
import type { Account } from "~/domain/accounts";
import type { Role } from "~/domain/auth";
import type { AccountStore } from "../port.server";
import { check, failIf } from "./clients.server";
import { UUID, type SessionDevices } from "./devices.server";
import { isBanned } from "./auth.server";

/** Accounts per page of auth.admin.listUsers (pages are read until one is not full). */
const PER_PAGE = 1000;
/** A lock is a ban without an end in practice: 100 years (Go's duration syntax, as Supabase Auth parses it). */
const LOCKED = "876000h";
/**
 * The users_keep_an_admin trigger's SQLSTATE (check_violation): taking the admin role from the last administrator
 * who can sign in. The role column's own check constraint shares the code, but only admin/interpreter get here.
 */
const LAST_ADMIN = "23514";

type UsersRow = { id: string; full_name: string; role: Role | null };

export function supabaseAccountStore(service: SupabaseClient, devices: SessionDevices): AccountStore {
  async function signInAccounts(): Promise<User[]> {
    const accounts: User[] = [];
    for (let page = 1; ; page++) {
      const { data, error } = await service.auth.admin.listUsers({ page, perPage: PER_PAGE });
      failIf(error);
      accounts.push(...data.users);
      if (data.users.length < PER_PAGE) return accounts;
    }
  }

  return {
    async list() {
      const [accounts, rows] = await Promise.all([signInAccounts(), service.from("users").select("id, full_name, role")]);
      const byId = new Map(check<UsersRow[]>(rows).map((row) => [row.id, row]));
      const now = Date.now();
      return accounts
        .map((account): Account => {
          const row = byId.get(account.id);
          return {
            id: account.id,
            fullName: row?.full_name ?? null,
            email: account.email ?? "",
            role: row?.role ?? "interpreter",
            lastSignInAt: account.last_sign_in_at ? Date.parse(account.last_sign_in_at) : null,
            locked: isBanned(account.banned_until, now),
          };
        })
        .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
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
