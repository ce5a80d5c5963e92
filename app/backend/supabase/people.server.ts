// Interpreters, languages and their links on Supabase, with the calls and nesting of SPEC §7. The routes
// have already checked that the caller is an admin; these use the service role (accounts need it anyway).
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Interpreter, Language, LanguageLink } from "~/domain/people";
import { LINKS_PAGE_SIZE, looksLikePhone, PAGE_SIZE } from "~/domain/people";
import { pageCountOf } from "~/domain/paging";
import type { CallReadiness, InterpreterStore, LanguageStore, LinkStore } from "~/backend/port.server";
import { toInterpreter } from "~/backend/rows/interpreter.server";
import { check, checkExcept, CONFLICT, escapeLike, failIf, PG } from "./clients.server";
import { sessionKeyOf, UUID } from "./devices.server";

/** SPEC §7: users with id, full_name, email, phone, Gender and nested user_languages(language_id, languages(name)). */
const INTERPRETER_SELECT = 'id, full_name, email, phone, "Gender", account_type, role, user_languages(language_id, languages(name))';
// Lower-cased generated columns (supabase/migrations): ordering by the plain columns would be case-sensitive.
const SORT_COLUMNS = { name: "full_name_sort", email: "email_sort" } as const;

type InterpreterRow = {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  Gender: string;
  account_type: string | null;
  role: Interpreter["role"];
  user_languages: { language_id: number; languages: { name: string } | null }[];
};

const byName = (a: Language, b: Language) => a.name.localeCompare(b.name);

/** A PostgREST `or` filter for a search in name, email and phone; a phone-like search also matches digits. */
function searchFilter(search: string): string {
  // Double quotes keep , ( ) : as text; escapeLike keeps % _ \ literal; `*` is PostgREST's wildcard.
  const quoted = (pattern: string) => `"${pattern.replace(/["\\]/g, (char) => `\\${char}`)}"`;
  const text = quoted(`*${escapeLike(search.replaceAll("*", ""))}*`);
  const filters = search ? [`full_name.ilike.${text}`, `email.ilike.${text}`, `phone.ilike.${text}`] : [];
  if (looksLikePhone(search)) filters.push(`phone.ilike.${quoted(`*${search.replace(/\D/g, "").split("").join("*")}*`)}`);
  return filters.join(",");
}

export function supabaseInterpreterStore(service: SupabaseClient): InterpreterStore {
  return {
    async list({ search, sort, direction, page }) {
      const run = (pageNumber: number) => {
        let request = service.from("users").select(INTERPRETER_SELECT, { count: "exact" });
        const filter = searchFilter(search);
        if (filter) request = request.or(filter);
        const from = (pageNumber - 1) * PAGE_SIZE;
        return request
          .order(SORT_COLUMNS[sort], { ascending: direction === "asc" })
          .order("id")
          .range(from, from + PAGE_SIZE - 1);
      };
      let result = await run(page);
      let total = result.count;
      // Past the last page PostgREST answers 416 (PGRST103) without a count: count first, then show the last page.
      if (result.error?.code === "PGRST103" || total === null) {
        const filter = searchFilter(search);
        let counting = service.from("users").select("id", { count: "exact", head: true });
        if (filter) counting = counting.or(filter);
        const counted = await counting;
        check({ data: null, error: counted.error });
        total = counted.count ?? 0;
      }
      const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
      const current = Math.min(page, pageCount);
      if (current !== page) result = await run(current);
      const rows = check<InterpreterRow[]>(result);
      const languagesOf = (row: InterpreterRow) => row.user_languages.map((link) => ({ id: link.language_id, name: link.languages?.name ?? "" })).sort(byName);
      return { items: rows.map((row) => toInterpreter({ ...row, gender: row.Gender }, languagesOf(row))), total, page: current, pageCount };
    },

    async find({ text, languageIds, limit }) {
      type Row = { id: string; full_name: string; email: string };
      const toChoice = (row: Row) => ({ id: row.id, fullName: row.full_name, email: row.email });
      if (languageIds.length > 0) {
        // Linked to every one of the languages: counted per person in SQL (20261130000000_push_search_and_customer_totals.sql).
        const rows = check<Row[]>(await service.rpc("push_find_people", { p_search: text, p_language_ids: languageIds, p_limit: limit }));
        return rows.map(toChoice);
      }
      // SPEC §7: users (id, full_name, email) for the link screen — those the text names, a few at a time.
      let request = service.from("users").select("id, full_name, email");
      if (text) {
        const pattern = `"*${escapeLike(text.replaceAll("*", "")).replace(/["\\]/g, (char) => `\\${char}`)}*"`;
        request = request.or([`full_name.ilike.${pattern}`, `email.ilike.${pattern}`, ...(UUID.test(text) ? [`id.eq.${text}`] : [])].join(","));
      }
      const rows = check<Row[]>(await request.order("full_name_sort").order("id").limit(limit));
      return rows.map(toChoice);
    },

    async create({ fullName, gender, email, phone, password }) {
      // SPEC §7: sign up (email, password), then INSERT users (id, full_name, email, phone, Gender) — here on the
      // server with the admin API, and undone if the row cannot be stored: all or nothing.
      const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
      // A taken address is the same reason as on D1; any other refusal keeps Supabase's own words.
      if (error) return error.code === "email_exists" ? { ok: false, reason: "email-taken" } : { ok: false, reason: "sign-up", message: error.message };
      const id = data.user?.id;
      if (!id) return { ok: false, reason: "missing-user-id" };
      const { error: rowError } = await service.from("users").insert({ id, full_name: fullName, email, phone, Gender: gender });
      if (rowError) {
        failIf((await service.auth.admin.deleteUser(id)).error);
        // The same reason as D1's when another users row holds the address (users_email_lower_key).
        return rowError.code === "23505" ? { ok: false, reason: "users-row-taken" } : { ok: false, reason: "users-table", message: rowError.message };
      }
      return { ok: true, id };
    },

    async update(id, { fullName, gender, email, phone }) {
      const before = check<{ email: string } | null>(await service.from("users").select("email").eq("id", id).maybeSingle());
      if (!before) return { ok: false, reason: "not-found" };
      const emailChanged = before.email.toLowerCase() !== email.toLowerCase();
      if (emailChanged) {
        // Asked first: Supabase Auth answers a taken address with a bare 500 ("Error updating user").
        const holders = check<{ id: string }[]>(await service.from("users").select("id").ilike("email", escapeLike(email)));
        if (holders.some((holder) => holder.id !== id)) return { ok: false, reason: "email-taken" };
        // The sign-in email next: if it fails, nothing has changed yet.
        const { error } = await service.auth.admin.updateUserById(id, { email, email_confirm: true });
        if (error) return error.status === 422 || /already/i.test(error.message) ? { ok: false, reason: "email-taken" } : failIf(error)!;
      }
      // SPEC §7: UPDATE users with the edited fields where id equals the chosen id.
      const updated = checkExcept<{ id: string }[]>(
        await service.from("users").update({ full_name: fullName, email, phone, Gender: gender }).eq("id", id).select("id"),
        PG.uniqueViolation,
      );
      if (updated === CONFLICT || updated.length === 0) {
        if (emailChanged) failIf((await service.auth.admin.updateUserById(id, { email: before.email, email_confirm: true })).error);
        return { ok: false, reason: updated === CONFLICT ? "email-taken" : "not-found" };
      }
      return { ok: true };
    },

    async remove(id) {
      // SPEC §7 deletes the users row, then the auth account; when the second step failed, the person vanished from
      // the list but still signed in, and a second removal found nothing. So the account goes first, in one call:
      // the row, its links and device rows go with it (users.id references auth.users on delete cascade, in one
      // transaction). A failure leaves everything as it was, and removing again finishes what an earlier removal left.
      if (!UUID.test(id)) return { ok: false, reason: "not-found" };
      const row = check<{ full_name: string; email: string } | null>(await service.from("users").select("full_name, email").eq("id", id).maybeSingle());
      if (!row) {
        // An account without its row (left by a removal of an earlier version): it is what is left to remove.
        const { data, error } = await service.auth.admin.getUserById(id);
        if (error?.status === 404) return { ok: false, reason: "not-found" };
        failIf(error);
        failIf((await service.auth.admin.deleteUser(id)).error);
        return { ok: true, name: "", email: data.user?.email ?? "" };
      }
      const { error } = await service.auth.admin.deleteUser(id);
      // Already gone (e.g. deleted in Supabase's dashboard while the row stayed): the row is all that is left.
      if (error?.status === 404) check(await service.from("users").delete().eq("id", id).select("full_name, email"));
      else if (error && (await hasPay(service, id))) {
        // GoTrue answers the database's refusal (their pay items, ON DELETE RESTRICT) as a 500; nothing was removed.
        return { ok: false, reason: "has-pay" };
      } else failIf(error);
      return { ok: true, name: row.full_name, email: row.email };
    },
  };
}

/** Whether the person has pay statements (docs/decisions/0039): asked only after a removal was refused. */
async function hasPay(service: SupabaseClient, id: string): Promise<boolean> {
  const page = check<{ total: number | string }>(await service.rpc("push_pay_statements", { p_interpreter: id, p_month: null, p_page_size: 1, p_offset: 0 }));
  return Number(page.total) > 0;
}

export function supabaseLanguageStore(service: SupabaseClient): LanguageStore {
  return {
    async list() {
      return check<Language[]>(await service.from("languages").select("id, name").order("name_sort"));
    },

    async create(name) {
      const rows = checkExcept<Language[]>(await service.from("languages").insert({ name }).select("id, name"), PG.uniqueViolation);
      return rows === CONFLICT ? { ok: false, reason: "duplicate" } : { ok: true, language: rows[0]! };
    },

    async rename(id, name) {
      const rows = checkExcept<{ id: number }[]>(await service.from("languages").update({ name }).eq("id", id).select("id"), PG.uniqueViolation);
      if (rows === CONFLICT) return { ok: false, reason: "duplicate" };
      return rows.length ? { ok: true } : { ok: false, reason: "not-found" };
    },

    async remove(id) {
      const rows = check<{ name: string }[]>(await service.from("languages").delete().eq("id", id).select("name"));
      return rows.length ? { ok: true, name: rows[0]!.name } : { ok: false, reason: "not-found" };
    },
  };
}

type LinkRow = { id: number; user_id: string; language_id: number };
type LinkJson = LinkRow & { user_name: string; language_name: string };

/** `user` reads the signed-in user's own links (row-level security); `service` the admin screen's. */
export function supabaseLinkStore(user: SupabaseClient, service: SupabaseClient): LinkStore {
  // SPEC §7: user_languages (id, user_id, language_id), with users (id, full_name, email) and languages (id, name).
  async function all(): Promise<LanguageLink[]> {
    const [links, people, languages] = await Promise.all([
      service.from("user_languages").select("id, user_id, language_id"),
      service.from("users").select("id, full_name, email"),
      service.from("languages").select("id, name"),
    ]);
    const names = new Map(check<{ id: string; full_name: string }[]>(people).map((person) => [person.id, person.full_name]));
    const languageNames = new Map(check<Language[]>(languages).map((language) => [language.id, language.name]));
    return check<LinkRow[]>(links)
      .map((link) => ({
        id: link.id,
        userId: link.user_id,
        userName: names.get(link.user_id) ?? "",
        languageId: link.language_id,
        languageName: languageNames.get(link.language_id) ?? "",
      }))
      .sort((a, b) => a.userName.localeCompare(b.userName) || a.languageName.localeCompare(b.languageName));
  }

  return {
    async forUser(userId) {
      // SPEC §7: user_languages with language_id and languages(name) where user_id equals the current user.
      const rows = check<{ language_id: number; languages: { name: string } | null }[]>(
        await user.from("user_languages").select("language_id, languages(name)").eq("user_id", userId),
      );
      return rows.map((row) => ({ id: row.language_id, name: row.languages?.name ?? "" })).sort(byName);
    },

    list: all,

    async languages() {
      // The languages with at least one link, each once, counted in SQL (20261130000000_push_search_and_customer_totals.sql).
      return check<Language[]>(await service.rpc("push_linked_languages"));
    },

    async page(page) {
      // The screen's page, joined and ordered in SQL (20261130000000_push_search_and_customer_totals.sql).
      const answer = check<{ total: number | string; items: LinkJson[] }>(
        await service.rpc("push_list_links", { p_limit: LINKS_PAGE_SIZE, p_offset: (page - 1) * LINKS_PAGE_SIZE }),
      );
      const total = Number(answer.total);
      const items = answer.items.map((row) => ({
        id: row.id,
        userId: row.user_id,
        userName: row.user_name,
        languageId: row.language_id,
        languageName: row.language_name,
      }));
      return { items, total, page, pageCount: pageCountOf(total, LINKS_PAGE_SIZE) };
    },

    async callReadiness(userIds) {
      if (userIds.length === 0) return [];
      const [devices, links] = await Promise.all([
        service.from("session_devices").select("user_id,session_id").in("user_id", userIds),
        service.from("user_languages").select("user_id,language_id").in("user_id", userIds),
      ]);
      const ready = new Map<string, CallReadiness>();
      for (const row of check<{ user_id: string; session_id: string }[]>(devices)) {
        const person = ready.get(row.user_id) ?? { id: row.user_id, sessions: [], languages: [] };
        person.sessions.push(await sessionKeyOf(row.session_id));
        ready.set(row.user_id, person);
      }
      for (const row of check<{ user_id: string; language_id: number }[]>(links)) ready.get(row.user_id)?.languages.push(row.language_id);
      return [...ready.values()];
    },

    async link(userId, languageId) {
      const result = await service.from("user_languages").insert({ user_id: userId, language_id: languageId }).select("id");
      if (result.error?.code === PG.uniqueViolation) return { ok: false, reason: "duplicate" };
      if (result.error?.code === PG.foreignKeyViolation) return { ok: false, reason: "not-found" };
      const id = check<{ id: number }[]>(result)[0]!.id;
      return { ok: true, link: (await all()).find((link) => link.id === id)! };
    },

    async unlink(id) {
      const link = (await all()).find((item) => item.id === id);
      if (!link) return { ok: false, reason: "not-found" };
      const rows = check<{ id: number }[]>(await service.from("user_languages").delete().eq("id", id).select("id"));
      return rows.length ? { ok: true, link } : { ok: false, reason: "not-found" };
    },
  };
}
