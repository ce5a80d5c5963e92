import type { Language } from "~/domain/people";
import type { LanguageStore } from "~/backend/port.server";
import { brokenConstraint, query, toBackendError } from "./query.server";

export function d1LanguageStore(db: D1Database): LanguageStore {
  return {
    async list() {
      const { results } = await query(() => db.prepare("SELECT id, name FROM languages ORDER BY name COLLATE NOCASE").all<Language>());
      return results;
    },

    async create(name) {
      try {
        const language = await db.prepare("INSERT INTO languages (name) VALUES (?) RETURNING id, name").bind(name).first<Language>();
        return { ok: true, language: language! };
      } catch (error) {
        // The column is UNIQUE COLLATE NOCASE: "english" is a duplicate of "English".
        if (brokenConstraint(error)?.kind === "unique") return { ok: false, reason: "duplicate" };
        throw toBackendError(error);
      }
    },

    async rename(id, name) {
      try {
        const { meta } = await db.prepare("UPDATE languages SET name = ? WHERE id = ?").bind(name, id).run();
        return meta.changes === 1 ? { ok: true } : { ok: false, reason: "not-found" };
      } catch (error) {
        if (brokenConstraint(error)?.kind === "unique") return { ok: false, reason: "duplicate" };
        throw toBackendError(error);
      }
    },

    async remove(id) {
      // Links to the language go with it (ON DELETE CASCADE).
      const row = await query(() => db.prepare("DELETE FROM languages WHERE id = ? RETURNING name").bind(id).first<{ name: string }>());
      return row ? { ok: true, name: row.name } : { ok: false, reason: "not-found" };
    },
  };
}
