import type { About, Company, Service } from "~/domain/content";
import type { ContentStore, MediaStore } from "../port.server";
import { query } from "./query.server";

// Rows as the spec names their columns.
type CompanyRow = {
  title: string;
  description: string | null;
  homecover: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  linkedin: string | null;
  facebook: string | null;
  instegram: string | null;
  contactcover: string | null;
};
type ServiceRow = { id: number; title: string; description: string | null; photourl: string | null };
type AboutRow = { description: string | null; photoaurl: string | null; photoburl: string | null };

export function d1ContentStore(db: D1Database, media: MediaStore): ContentStore {
  // The layout and a page may both ask for the company in one request: one query serves both.
  let company: Promise<Company | null> | undefined;

  const image = (folder: Parameters<MediaStore["url"]>[0], file: string | null) =>
    file ? media.url(folder, file) : null;

  return {
    company() {
      company ??= query(() =>
        db.prepare("SELECT * FROM company ORDER BY id LIMIT 1").first<CompanyRow>(),
      ).then((row) =>
        row
          ? {
              title: row.title,
              description: row.description ?? "",
              address: row.address ?? "",
              email: row.email ?? "",
              phone: row.phone ?? null,
              facebook: row.facebook,
              instagram: row.instegram,
              linkedin: row.linkedin,
              homeCoverUrl: image("Home", row.homecover),
              contactCoverUrl: image("Contactus", row.contactcover),
            }
          : null,
      );
      return company;
    },

    async services() {
      const { results } = await query(() =>
        db.prepare("SELECT id, title, description, photourl FROM services ORDER BY id").all<ServiceRow>(),
      );
      return results.map(
        (row): Service => ({
          id: row.id,
          title: row.title,
          description: row.description ?? "",
          photoUrl: image("Services", row.photourl),
        }),
      );
    },

    async about() {
      const row = await query(() =>
        db.prepare("SELECT description, photoaurl, photoburl FROM about ORDER BY id LIMIT 1").first<AboutRow>(),
      );
      return row
        ? ({
            description: row.description ?? "",
            photoAUrl: image("Aboutus", row.photoaurl),
            photoBUrl: image("Aboutus", row.photoburl),
          } satisfies About)
        : null;
    },
  };
}
