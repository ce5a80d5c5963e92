// The content studio's SQL functions (supabase/migrations/20261124000000_push_content_studio.sql) in a test's
// transaction, as the worker calls them, and the database the content-studio-*.test.ts files start from.
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, type Db } from "./db";
import { createWithFixtures } from "./fixtures";
import { call } from "./orders";

/** The file's database: the fixtures, with the services' positions as the migration gives existing services. */
export function studioDatabase(): Db {
  const db = fileDatabase(createWithFixtures, async () => {
    // Positions as the migration gives existing services (the fixtures are inserted after it ran).
    await asSuperuser(db, "update public.services set position = id");
  });
  return db;
}

export const SERVICE_COLUMNS = {
  title: "Sign Language",
  description: "ASL and BSL",
  photourl: "sign.webp",
  photo_alt: "Hands signing",
  photo_width: 640,
  photo_height: 400,
  translations: { ar: { title: "لغة الإشارة" } },
  offers_calls: true,
};
export const serviceSnapshot = (title: string, file: string | null) => ({
  title,
  description: `${title}, described`,
  photo: file ? { file, alt: `${title} photo`, width: 640, height: 400 } : null,
});
export const serviceColumns = (title: string, file: string | null) => ({
  title,
  description: `${title}, described`,
  photourl: file,
  photo_alt: file ? `${title} photo` : null,
  photo_width: file ? 640 : null,
  photo_height: file ? 400 : null,
  translations: {},
  offers_calls: false,
});

export const save = (tx: Transaction, record: string, id: number, columns: object, basedOn: number, snapshot: object, before: object, by = "admin@push.test") =>
  call<Record<string, unknown>>(tx, "public.push_save_content($1, $2, $3, $4, $5, $6, $7)", [record, id, columns, basedOn, snapshot, before, by]);
