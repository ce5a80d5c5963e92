import { LINKS_PAGE_SIZE, type Language, type LanguageLink } from "~/domain/people";
import { pageCountOf } from "~/domain/paging";
import type { CallReadiness, LinkStore } from "~/backend/port.server";
import { brokenConstraint, query, toBackendError } from "./query.server";

const LINK_COLUMNS = `ul.id, ul.user_id AS userId, u.full_name AS userName, ul.language_id AS languageId, l.name AS languageName`;
const LINK_JOINS = `FROM user_languages ul JOIN users u ON u.id = ul.user_id JOIN languages l ON l.id = ul.language_id`;

export function d1LinkStore(db: D1Database): LinkStore {
  const find = (id: number) => db.prepare(`SELECT ${LINK_COLUMNS} ${LINK_JOINS} WHERE ul.id = ?`).bind(id).first<LanguageLink>();

  return {
    async forUser(userId) {
      const { results } = await query(() =>
        db
          .prepare(`SELECT l.id, l.name FROM user_languages ul JOIN languages l ON l.id = ul.language_id WHERE ul.user_id = ? ORDER BY l.name`)
          .bind(userId)
          .all<Language>(),
      );
      return results;
    },

    async callReadiness(userIds) {
      const ready = new Map<string, CallReadiness>();
      // One JSON parameter for the list, whatever its length (D1 binds at most 100 parameters per statement).
      const ids = JSON.stringify(userIds);
      const [sessions, links] = await query(() =>
        db.batch([
          db
            .prepare(
              `SELECT s.account_id AS id, substr(s.id_hash, 1, 12) AS session FROM sessions s JOIN accounts a ON a.id = s.account_id
               JOIN users u ON u.id = s.account_id WHERE a.locked_at IS NULL AND s.expires_at > ? AND s.account_id IN (SELECT value FROM json_each(?))`,
            )
            .bind(Date.now(), ids),
          db.prepare("SELECT user_id AS id, language_id AS language FROM user_languages WHERE user_id IN (SELECT value FROM json_each(?))").bind(ids),
        ]),
      );
      for (const row of sessions!.results as { id: string; session: string }[]) {
        const person = ready.get(row.id) ?? { id: row.id, sessions: [], languages: [] };
        person.sessions.push(row.session);
        ready.set(row.id, person);
      }
      for (const row of links!.results as { id: string; language: number }[]) ready.get(row.id)?.languages.push(row.language);
      return [...ready.values()];
    },

    async list() {
      const { results } = await query(() =>
        db.prepare(`SELECT ${LINK_COLUMNS} ${LINK_JOINS} ORDER BY u.full_name COLLATE NOCASE, l.name COLLATE NOCASE`).all<LanguageLink>(),
      );
      return results;
    },

    async languages() {
      const { results } = await query(() =>
        db.prepare("SELECT l.id, l.name FROM languages l WHERE EXISTS (SELECT 1 FROM user_languages ul WHERE ul.language_id = l.id)").all<Language>(),
      );
      return results;
    },

    async page(page) {
      const [count, rows] = await query(() =>
        db.batch<unknown>([
          db.prepare("SELECT COUNT(*) AS n FROM user_languages"),
          db
            .prepare(`SELECT ${LINK_COLUMNS} ${LINK_JOINS} ORDER BY u.full_name COLLATE NOCASE, l.name COLLATE NOCASE, ul.id LIMIT ? OFFSET ?`)
            .bind(LINKS_PAGE_SIZE, (page - 1) * LINKS_PAGE_SIZE),
        ]),
      );
      const total = (count!.results[0] as { n: number }).n;
      return { items: rows!.results as LanguageLink[], total, page, pageCount: pageCountOf(total, LINKS_PAGE_SIZE) };
    },

    async link(userId, languageId) {
      try {
        const row = await db
          .prepare("INSERT INTO user_languages (user_id, language_id) VALUES (?, ?) RETURNING id")
          .bind(userId, languageId)
          .first<{ id: number }>();
        return { ok: true, link: (await query(() => find(row!.id)))! };
      } catch (error) {
        const constraint = brokenConstraint(error);
        // UNIQUE (user_id, language_id): the database refuses a second identical link.
        if (constraint?.kind === "unique") return { ok: false, reason: "duplicate" };
        if (constraint?.kind === "foreign-key") return { ok: false, reason: "not-found" };
        throw toBackendError(error);
      }
    },

    async unlink(id) {
      const link = await query(() => find(id));
      if (!link) return { ok: false, reason: "not-found" };
      const { meta } = await query(() => db.prepare("DELETE FROM user_languages WHERE id = ?").bind(id).run());
      return meta.changes === 1 ? { ok: true, link } : { ok: false, reason: "not-found" };
    },
  };
}
