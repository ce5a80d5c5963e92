// Interpreters in D1: a users row plus its sign-in account (accounts), always written together.
import type { InterpreterQuery, Language } from "~/domain/people";
import { looksLikePhone, PAGE_SIZE } from "~/domain/people";
import type { InterpreterStore } from "~/backend/port.server";
import { toInterpreter, type InterpreterColumns } from "~/backend/rows/interpreter.server";
import { hashPassword } from "./password.server";
import { brokenConstraint, query, toBackendError } from "./query.server";
import { foldedNeedle } from "./text-search.server";

type InterpreterRow = InterpreterColumns & { languages: string }; // a JSON array of { id, name }, by name

const SORT_COLUMNS = { name: "u.full_name", email: "u.email" } as const;

// Languages of each person as one JSON array, alphabetical.
const LANGUAGES_JSON = `(SELECT json_group_array(json_object('id', id, 'name', name)) FROM
  (SELECT l.id, l.name FROM user_languages ul JOIN languages l ON l.id = ul.language_id WHERE ul.user_id = u.id ORDER BY l.name))`;

// Search in name, email and phone; a search with digits also matches the phone's digits alone.
const PHONE_DIGITS = `replace(replace(replace(replace(replace(replace(u.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', '')`;
const SEARCH = `(?1 = '' OR instr(lower(u.full_name), ?2) > 0 OR instr(lower(u.email), ?2) > 0 OR instr(lower(u.phone), ?2) > 0
  OR (?3 <> '' AND instr(${PHONE_DIGITS}, ?3) > 0))`;

function searchParams(search: string): [string, string, string] {
  return [search, foldedNeedle(search), looksLikePhone(search) ? search.replace(/\D/g, "") : ""];
}

export function d1InterpreterStore(db: D1Database): InterpreterStore {
  return {
    async list({ search, sort, direction, page }: InterpreterQuery) {
      const params = searchParams(search);
      const order = `${SORT_COLUMNS[sort]} COLLATE NOCASE ${direction === "desc" ? "DESC" : "ASC"}, u.id`;
      const total =
        (
          await query(() =>
            db
              .prepare(`SELECT COUNT(*) AS total FROM users u WHERE ${SEARCH}`)
              .bind(...params)
              .first<{ total: number }>(),
          )
        )?.total ?? 0;
      const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
      const current = Math.min(page, pageCount);
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT u.id, u.full_name, u.email, u.phone, u."Gender" AS gender, u.account_type, u.role, ${LANGUAGES_JSON} AS languages
             FROM users u WHERE ${SEARCH} ORDER BY ${order} LIMIT ?4 OFFSET ?5`,
          )
          .bind(...params, PAGE_SIZE, (current - 1) * PAGE_SIZE)
          .all<InterpreterRow>(),
      );
      return { items: results.map((row) => toInterpreter(row, JSON.parse(row.languages) as Language[])), total, page: current, pageCount };
    },

    async find({ text, languageIds, limit }) {
      // Linked to every language asked for: the links of those languages, counted per person.
      const speaks =
        "u.id IN (SELECT user_id FROM user_languages WHERE language_id IN (SELECT value FROM json_each(?3)) GROUP BY user_id HAVING COUNT(DISTINCT language_id) = ?4)";
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT u.id, u.full_name, u.email FROM users u
             WHERE (?1 = '' OR u.id = ?1 OR instr(lower(u.full_name), ?2) > 0 OR instr(lower(u.email), ?2) > 0) AND (?4 = 0 OR ${speaks})
             ORDER BY u.full_name COLLATE NOCASE, u.id LIMIT ?5`,
          )
          .bind(text, foldedNeedle(text), JSON.stringify(languageIds), new Set(languageIds).size, limit)
          .all<{ id: string; full_name: string; email: string }>(),
      );
      return results.map((row) => ({ id: row.id, fullName: row.full_name, email: row.email }));
    },

    async create({ fullName, gender, email, phone, password }) {
      const id = crypto.randomUUID();
      const passwordHash = await hashPassword(password);
      try {
        // One batch is one transaction: if the users row fails, the account is not kept either.
        await db.batch([
          db.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, ?, ?)").bind(id, email, passwordHash),
          db
            .prepare(`INSERT INTO users (id, full_name, email, phone, "Gender", role) VALUES (?, ?, ?, ?, ?, 'interpreter')`)
            .bind(id, fullName, email, phone, gender),
        ]);
      } catch (error) {
        const constraint = brokenConstraint(error);
        if (constraint?.kind === "unique" && constraint.column === "accounts.email") {
          return { ok: false, reason: "email-taken" };
        }
        if (constraint?.kind === "unique" && constraint.column === "users.email") {
          return { ok: false, reason: "users-row-taken" };
        }
        throw toBackendError(error); // anything else: a BackendError with D1's message
      }
      return { ok: true, id };
    },

    async update(id, { fullName, gender, email, phone }) {
      try {
        const [users] = await db.batch([
          db.prepare(`UPDATE users SET full_name = ?, email = ?, phone = ?, "Gender" = ? WHERE id = ?`).bind(fullName, email, phone, gender, id),
          // Only alongside a users row: an id without one is "not-found", and its sign-in stays as it was.
          db.prepare("UPDATE accounts SET email = ? WHERE id = ? AND EXISTS (SELECT 1 FROM users WHERE id = ?)").bind(email, id, id),
        ]);
        return users?.meta.changes === 1 ? { ok: true } : { ok: false, reason: "not-found" };
      } catch (error) {
        if (brokenConstraint(error)?.kind === "unique") return { ok: false, reason: "email-taken" };
        throw toBackendError(error);
      }
    },

    async remove(id) {
      // Deleting the account cascades to the users row, its sessions, reset tokens and language links.
      // The name and email are read in the same transaction, before the cascade removes them.
      const removal = () =>
        db.batch<{ full_name: string | null; email: string }>([
          db.prepare("SELECT u.full_name, a.email FROM accounts a LEFT JOIN users u ON u.id = a.id WHERE a.id = ?").bind(id),
          db.prepare("DELETE FROM accounts WHERE id = ?").bind(id),
        ]);
      let batch: Awaited<ReturnType<typeof removal>>;
      try {
        batch = await removal();
      } catch (error) {
        // Their pay items (ON DELETE RESTRICT) refuse the cascade: the whole batch is undone, nothing removed.
        if (brokenConstraint(error)?.kind === "foreign-key") return { ok: false, reason: "has-pay" };
        throw toBackendError(error);
      }
      const [person, deletion] = batch;
      // D1 counts the cascaded rows in `changes` too: any change means the account existed.
      const removed = person?.results[0];
      return removed && (deletion?.meta.changes ?? 0) > 0
        ? { ok: true, name: removed.full_name ?? "", email: removed.email }
        : { ok: false, reason: "not-found" };
    },
  };
}
