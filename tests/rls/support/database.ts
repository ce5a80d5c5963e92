// Building the test databases: PGlite (real Postgres in WASM, in-process), the Supabase stand-in, the project's
// migrations and seed. No vitest imports here: the global setup (main process) uses this module too.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";

const SUPABASE_DIR = new URL("../../../supabase/", import.meta.url);
const MIGRATIONS_DIR = new URL("migrations/", SUPABASE_DIR);
const STAND_IN = new URL("./supabase-stand-in.sql", import.meta.url);

export type Db = PGlite;

/** The migration files, in the order Supabase applies them (by their timestamp prefix). */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** Each file as one `exec` (one implicit transaction: a failing file leaves nothing behind). */
export async function applyMigrations(db: Db): Promise<void> {
  for (const name of migrationFiles()) {
    await db.exec(readFileSync(new URL(name, MIGRATIONS_DIR), "utf8"));
  }
}

export async function applySeed(db: Db): Promise<void> {
  await db.exec(readFileSync(new URL("seed.sql", SUPABASE_DIR), "utf8"));
}

/** A new, empty Postgres with pgcrypto (seed.sql hashes passwords with it), pg_trgm (the search indexes) and btree_gist (the appointments' exclusion constraint) available. */
export function newPostgres(dataDir?: Blob): Db {
  return new PGlite({ extensions: { pgcrypto, pg_trgm, btree_gist }, ...(dataDir ? { loadDataDir: dataDir } : {}) });
}

/** From nothing: a database with only the Supabase stand-in (roles, extensions, auth schema, default privileges). */
export async function buildStandIn(): Promise<Db> {
  const db = newPostgres();
  await db.exec(readFileSync(STAND_IN, "utf8"));
  return db;
}

/** Saves a database's files, so test files can start from a copy instead of running initdb and the SQL again. */
export async function saveTemplate(db: Db, path: string): Promise<void> {
  const dump = await db.dumpDataDir("none");
  writeFileSync(path, new Uint8Array(await dump.arrayBuffer()));
}

export function loadTemplate(path: string): Db {
  return newPostgres(new Blob([readFileSync(path)]));
}
