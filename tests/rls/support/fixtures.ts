// Test fixtures, inserted as the superuser after the migrations: three people (an admin and two interpreters),
// one signed-up account with no users row yet, some content, four languages, links and two contact messages.
// Also the statements every role attempts on every table (the same statement for every role, so one role's
// success is the control for another's refusal).
import { anon, asSuperuser, createMigrated, signedIn, type Actor, type Db } from "./db";

export const ADMIN_ID = "00000000-0000-4000-8000-00000000a001";
export const INTERPRETER_ID = "00000000-0000-4000-8000-00000000b001";
export const OTHER_INTERPRETER_ID = "00000000-0000-4000-8000-00000000b002";
/** An auth account (signed up) that has no public.users row yet: the row an admin adds next. */
export const NEW_ACCOUNT_ID = "00000000-0000-4000-8000-00000000c001";

export const admin = signedIn(ADMIN_ID, "admin");
export const interpreter = signedIn(INTERPRETER_ID, "interpreter");
export const otherInterpreter = signedIn(OTHER_INTERPRETER_ID, "other interpreter");
export const accountWithoutProfile = signedIn(NEW_ACCOUNT_ID, "account without users row");

/** Everyone but the worker (service role): a visitor, an interpreter, an admin. */
export const PUBLIC_ACTORS: [string, Actor][] = [
  ["anon", anon],
  ["an interpreter", interpreter],
  ["an admin", admin],
];

export const LANGUAGE = { arabic: 1, english: 2, spanish: 3, french: 4 } as const;
/** user_languages ids: the admin's Arabic, the interpreter's English and Spanish, the other interpreter's English. */
export const LINK = { adminArabic: 1, interpreterEnglish: 2, interpreterSpanish: 3, otherEnglish: 4 } as const;

export const TABLES = ["company", "services", "about", "languages", "users", "user_languages", "contact_messages"] as const;
export type Table = (typeof TABLES)[number];
export const CONTENT_TABLES = ["company", "services", "about", "languages"] as const satisfies readonly Table[];
export const PRIVATE_TABLES = ["users", "user_languages", "contact_messages"] as const satisfies readonly Table[];

/** How many rows each table holds after `insertFixtures`. */
export const FIXTURE_ROWS: Record<Table, number> = {
  company: 1,
  services: 2,
  about: 1,
  languages: 4,
  users: 3,
  user_languages: 4,
  contact_messages: 2,
};

export async function insertFixtures(db: Db): Promise<void> {
  await asSuperuser(
    db,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, '', now(), now()
     from (values ($1::uuid, 'admin@push.test'), ($2::uuid, 'daniel@push.test'), ($3::uuid, 'linh@push.test'),
                  ($4::uuid, 'new@push.test')) as a (id, email)`,
    [ADMIN_ID, INTERPRETER_ID, OTHER_INTERPRETER_ID, NEW_ACCOUNT_ID],
  );
  await asSuperuser(
    db,
    `insert into public.users (id, full_name, email, phone, "Gender", account_type, role) values
       ($1, 'Amira Admin', 'admin@push.test', '+1 307 555 0100', 'Female', 'Operations', 'admin'),
       ($2, 'Daniel Interpreter', 'daniel@push.test', '+1 307 555 0101', 'Male', 'Medical Interpreting', 'interpreter'),
       ($3, 'Linh Interpreter', 'linh@push.test', '+1 307 555 0102', 'Female', 'Legal Interpreting', 'interpreter')`,
    [ADMIN_ID, INTERPRETER_ID, OTHER_INTERPRETER_ID],
  );
  await db.exec(`
    insert into public.company (id, title, description, address, email, phone)
      values (1, 'PUSH', 'Translation and interpretation', 'Sheridan, WY', 'contact@push.test', '+1 307 555 0142');
    insert into public.services (id, title, description, photourl) values
      (1, 'Document Translation', 'Certified translation', 'document-translation.webp'),
      (2, 'Medical Interpreting', 'Qualified medical interpreters', 'medical-interpreting.webp');
    insert into public.about (id, description, photoaurl, photoburl) values (1, 'About PUSH', 'a.webp', 'b.webp');
    insert into public.languages (id, name) values (1, 'Arabic'), (2, 'English'), (3, 'Spanish'), (4, 'French');
    insert into public.user_languages (id, user_id, language_id) values
      (1, '${ADMIN_ID}', 1), (2, '${INTERPRETER_ID}', 2), (3, '${INTERPRETER_ID}', 3), (4, '${OTHER_INTERPRETER_ID}', 2);
    insert into public.contact_messages (id, name, email, subject, message, received_at, status, next_attempt_at, sent_at) values
      (1, 'Visitor One', 'one@visitor.test', 'Quote', 'Please call me', 1742515200000, 'pending', 1742515200000, null),
      (2, 'Visitor Two', 'two@visitor.test', 'Hello', 'Thanks!', 1742515300000, 'sent', 1742515300000, 1742515301000);
  `);
  // Rows above were given explicit ids: move each identity past them, as the app's inserts will not give ids.
  for (const table of ["company", "services", "about", "languages", "user_languages", "contact_messages"]) {
    await asSuperuser(db, `select setval(pg_get_serial_sequence('public.${table}', 'id'), (select max(id) from public.${table}))`);
  }
}

/** A write on one existing row (update/delete) or one new, valid row (insert). */
export type WriteSpec = {
  insert: string;
  /** update public.<table> set <set> where <where> */
  update: { set: string; where: string };
  /** delete from public.<table> where <where> */
  delete: { where: string };
};

/** A content table's writes: another row, and its first row defaced (`column`) or deleted. */
const contentWrites = (insert: string, column: string): WriteSpec => ({
  insert,
  update: { set: `${column} = 'Defaced'`, where: "id = 1" },
  delete: { where: "id = 1" },
});

export const WRITES: Record<Table, WriteSpec> = {
  company: contentWrites("insert into public.company (title) values ('Another company')", "title"),
  services: contentWrites("insert into public.services (title, description) values ('Spam', 'Buy now')", "title"),
  about: contentWrites("insert into public.about (description) values ('Another about')", "description"),
  languages: {
    insert: "insert into public.languages (name) values ('Tagalog')",
    update: { set: "name = 'Klingon'", where: `id = ${LANGUAGE.french}` },
    delete: { where: `id = ${LANGUAGE.french}` },
  },
  users: {
    // The next interpreter's row (their account exists), with the default role.
    insert: `insert into public.users (id, full_name, email) values ('${NEW_ACCOUNT_ID}', 'New Person', 'new@push.test')`,
    update: { set: "full_name = 'Renamed', phone = '000'", where: `id = '${OTHER_INTERPRETER_ID}'` },
    delete: { where: `id = '${OTHER_INTERPRETER_ID}'` },
  },
  user_languages: {
    insert: `insert into public.user_languages (user_id, language_id) values ('${OTHER_INTERPRETER_ID}', ${LANGUAGE.spanish})`,
    update: { set: `language_id = ${LANGUAGE.french}`, where: `id = ${LINK.otherEnglish}` },
    delete: { where: `id = ${LINK.otherEnglish}` },
  },
  contact_messages: {
    insert:
      "insert into public.contact_messages (name, email, subject, message, received_at, next_attempt_at) " +
      "values ('Forger', 'x@y.test', 'Hi', 'Injected', 1742515400000, 1742515400000)",
    update: { set: "status = 'sent', read_at = 1742515500000", where: "id = 1" },
    delete: { where: "id = 1" },
  },
};

export const updateSql = (table: Table) => `update public.${table} set ${WRITES[table].update.set} where ${WRITES[table].update.where}`;
export const deleteSql = (table: Table) => `delete from public.${table} where ${WRITES[table].delete.where}`;

/** A fresh migrated database with the fixtures above. */
export async function createWithFixtures(): Promise<Db> {
  const db = await createMigrated();
  await insertFixtures(db);
  return db;
}
