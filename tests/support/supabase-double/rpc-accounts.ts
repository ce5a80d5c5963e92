// The Users page's function (supabase/migrations/20261130000000_push_search_and_customer_totals.sql
// public.push_list_accounts), as the double runs it: Supabase Auth's accounts with their users rows, searched in the
// e-mail and the name (ILIKE), in e-mail order by code points (collate "C"), one page and the total.
import type { DoubleState } from "./state";

type Args = Record<string, unknown>;
const contains = (value: unknown, search: string) => value !== null && value !== undefined && String(value).toLowerCase().includes(search.toLowerCase());
const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const ACCOUNT_FUNCTIONS: Record<string, (state: DoubleState, args: Args) => unknown> = {
  push_list_accounts(state, args) {
    const search = (args.p_search as string | null) ?? "";
    const rows = [...state.authUsers.values()]
      .map((user) => {
        const row = state.tables.users.find((candidate) => candidate.id === user.id);
        return {
          id: user.id,
          email: user.email,
          last_sign_in_at: user.lastSignInAt,
          banned_until: user.bannedUntil,
          full_name: (row?.full_name as string | undefined) ?? null,
          role: (row?.role as string | undefined) ?? null,
        };
      })
      .filter((row) => search === "" || contains(row.email, search) || contains(row.full_name, search))
      .sort((a, b) => byCodePoints(a.email, b.email) || byCodePoints(a.id, b.id));
    const offset = args.p_offset as number;
    return { total: rows.length, items: rows.slice(offset, offset + (args.p_limit as number)) };
  },
};
