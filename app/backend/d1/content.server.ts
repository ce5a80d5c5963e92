import type { Company } from "~/domain/content";
import type { ContentStore, MediaStore } from "~/backend/port.server";
import { pictures, toAbout, toCompany, toService, type AboutRow, type CompanyRow, type ServiceRow } from "~/backend/rows/content.server";
import { query } from "./query.server";

export function d1ContentStore(db: D1Database, media: MediaStore): ContentStore {
  // The layout and a page may both ask for the company in one request: one query serves both.
  let company: Promise<Company | null> | undefined;

  const image = pictures(media);

  return {
    company() {
      company ??= query(() => db.prepare("SELECT * FROM company ORDER BY id LIMIT 1").first<CompanyRow>()).then((row) => (row ? toCompany(row, image) : null));
      return company;
    },

    async services() {
      const { results } = await query(() => db.prepare("SELECT * FROM services ORDER BY position, id").all<ServiceRow & { id: number }>());
      return results.map((row) => toService(row, image));
    },

    async about() {
      const row = await query(() => db.prepare("SELECT * FROM about ORDER BY id LIMIT 1").first<AboutRow>());
      return row ? toAbout(row, image) : null;
    },
  };
}
