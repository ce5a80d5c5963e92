// The people's functions of supabase/migrations/20261130000000_push_search_and_customer_totals.sql, as the double runs
// them: push_list_accounts (the Users page: Supabase Auth's accounts with their users rows, searched in the e-mail and
// the name, in e-mail order by code points, one page and the total), push_find_people (the people a text names who
// are linked to every language asked for, by name), push_list_links (the link screen's page, with the total) and
// push_linked_languages (the languages someone is linked to, each once).
import type { Value } from "./schema";
import type { DoubleState } from "./state";

type Args = Record<string, unknown>;
const contains = (value: Value | undefined, search: string) =>
  value !== null && value !== undefined && String(value).toLowerCase().includes(search.toLowerCase());
const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const PEOPLE_FUNCTIONS: Record<string, (state: DoubleState, args: Args) => unknown> = {
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

  push_find_people(state, args) {
    const search = (args.p_search as string | null) ?? "";
    const wanted = new Set(args.p_language_ids as number[]);
    const speaks = (id: unknown) =>
      new Set(state.tables.user_languages.filter((link) => link.user_id === id && wanted.has(link.language_id as number)).map((link) => link.language_id))
        .size === wanted.size;
    return state.tables.users
      .filter((row) => search === "" || row.id === search || contains(row.full_name, search) || contains(row.email, search))
      .filter((row) => speaks(row.id))
      .sort((a, b) => byCodePoints(String(a.full_name).toLowerCase(), String(b.full_name).toLowerCase()) || byCodePoints(String(a.id), String(b.id)))
      .slice(0, args.p_limit as number)
      .map((row) => ({ id: row.id, full_name: row.full_name, email: row.email }));
  },

  push_list_links(state, args) {
    const nameOf = (table: "users" | "languages", id: unknown, column: string) => String(state.tables[table].find((row) => row.id === id)?.[column] ?? "");
    const rows = state.tables.user_languages
      .map((link) => ({
        id: link.id,
        user_id: link.user_id,
        user_name: nameOf("users", link.user_id, "full_name"),
        language_id: link.language_id,
        language_name: nameOf("languages", link.language_id, "name"),
      }))
      .sort(
        (a, b) =>
          byCodePoints(a.user_name.toLowerCase(), b.user_name.toLowerCase()) ||
          byCodePoints(a.language_name.toLowerCase(), b.language_name.toLowerCase()) ||
          Number(a.id) - Number(b.id),
      );
    const offset = args.p_offset as number;
    return { total: rows.length, items: rows.slice(offset, offset + (args.p_limit as number)) };
  },

  push_linked_languages(state) {
    const linked = new Set(state.tables.user_languages.map((link) => link.language_id));
    return state.tables.languages
      .filter((language) => linked.has(language.id))
      .sort((a, b) => byCodePoints(String(a.name).toLowerCase(), String(b.name).toLowerCase()) || Number(a.id) - Number(b.id))
      .map((language) => ({ id: language.id, name: language.name }));
  },
};
