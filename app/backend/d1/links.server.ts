import type { Language } from "~/domain/people";
import type { LinkStore } from "../port.server";
import { query } from "./query.server";

export function d1LinkStore(db: D1Database): LinkStore {
  return {
    async forUser(userId) {
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT l.id, l.name FROM user_languages ul JOIN languages l ON l.id = ul.language_id
             WHERE ul.user_id = ? ORDER BY l.name`,
          )
          .bind(userId)
          .all<Language>(),
      );
      return results;
    },
  };
}
