// Loads the sample content (seed/content.ts) into an empty D1 database. Used by `npm run dev`'s
// local setup and by the tests; production databases are never seeded.
import type { SampleContent } from "../../../seed/content";
import { sampleTranslations } from "../../../seed/content-ar";
import { hashPassword } from "./password.server";

/** A stored hash that no password can match (see verifyPassword). */
const NO_PASSWORD = "disabled";

export async function isSeeded(db: D1Database): Promise<boolean> {
  const row = await db.prepare("SELECT COUNT(*) AS count FROM company").first<{ count: number }>();
  return (row?.count ?? 0) > 0;
}

/** Inserts everything in one batch (one transaction): a failure leaves the database empty. */
export async function seedSampleContent(db: D1Database, content: SampleContent, password: string): Promise<void> {
  const { company, about } = content;
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `INSERT INTO company (title, description, homecover, address, email, phone, linkedin, facebook, instegram, contactcover,
                              homecover_alt, homecover_width, homecover_height, contactcover_alt, contactcover_width, contactcover_height, translations)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        company.title,
        company.description,
        company.homecover,
        company.address,
        company.email,
        company.phone,
        company.linkedin,
        company.facebook,
        company.instegram,
        company.contactcover,
        company.homecover_alt,
        company.homecover_width,
        company.homecover_height,
        company.contactcover_alt,
        company.contactcover_width,
        company.contactcover_height,
        JSON.stringify(sampleTranslations.company),
      ),
    db
      .prepare(
        `INSERT INTO about (description, photoaurl, photoburl, photoa_alt, photoa_width, photoa_height, photob_alt, photob_width, photob_height, translations)
         VALUES (?, ?, ?, ?, 800, 600, ?, 800, 600, ?)`,
      )
      .bind(about.description, about.photoaurl, about.photoburl, about.photoa_alt, about.photob_alt, JSON.stringify(sampleTranslations.about)),
    ...content.services.map((service, index) =>
      db
        .prepare(
          "INSERT INTO services (title, description, photourl, photo_alt, photo_width, photo_height, position, translations, offers_calls) VALUES (?, ?, ?, ?, 640, 400, ?, ?, ?)",
        )
        .bind(
          service.title,
          service.description,
          service.photourl,
          `${service.title}: illustration`,
          index + 1,
          JSON.stringify(sampleTranslations.service(service.title)),
          "offersCalls" in service && service.offersCalls ? 1 : 0,
        ),
    ),
    ...content.languages.map((name) => db.prepare("INSERT INTO languages (name) VALUES (?)").bind(name)),
  ];

  for (const person of content.people) {
    const id = crypto.randomUUID();
    const passwordHash = person.canSignIn ? await hashPassword(password) : NO_PASSWORD;
    statements.push(
      db.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, ?, ?)").bind(id, person.email, passwordHash),
      db
        .prepare(`INSERT INTO users (id, full_name, email, phone, "Gender", account_type, role) VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .bind(id, person.full_name, person.email, person.phone, person.Gender, person.account_type, person.role),
      ...person.languages.map((language) =>
        db.prepare("INSERT INTO user_languages (user_id, language_id) SELECT ?, id FROM languages WHERE name = ?").bind(id, language),
      ),
    );
  }
  await db.batch(statements);
}
