import type { Language, LanguageLink } from "~/domain/people";
import type { LinkStore } from "../port.server";
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

    async list() {
      const { results } = await query(() =>
        db.prepare(`SELECT ${LINK_COLUMNS} ${LINK_JOINS} ORDER BY u.full_name COLLATE NOCASE, l.name COLLATE NOCASE`).all<LanguageLink>(),
      );
      return results;
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
