// A real Postgres (PGlite, in-process WASM) with a stand-in for what Supabase provides, the project's Supabase
// migrations applied, and helpers that run a statement as one of the API roles, the way PostgREST does:
// SET LOCAL ROLE plus the request's JWT claims in request.jwt.claims, inside a transaction.
import type { Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, inject } from "vitest";
import { applyMigrations, buildStandIn, loadTemplate, type Db } from "./database";

export { applyMigrations, applySeed, migrationFiles, type Db } from "./database";

/**
 * A fresh database with only the Supabase stand-in. Copied from the template the global setup built
 * (tests/rls/support/global-setup.ts), or built here when run without it.
 */
export async function createStandIn(): Promise<Db> {
  const templates = inject("rlsTemplates");
  if (!templates) return buildStandIn();
  const db = loadTemplate(templates.standIn);
  await db.waitReady;
  return db;
}

/** A fresh database as `supabase db reset` leaves it before seeding: the stand-in plus every migration. */
export async function createMigrated(): Promise<Db> {
  const templates = inject("rlsTemplates");
  if (!templates) {
    const db = await buildStandIn();
    await applyMigrations(db);
    return db;
  }
  const db = loadTemplate(templates.migrated);
  await db.waitReady;
  return db;
}

/**
 * The database of a test file (or of a describe block): `create` makes it before the tests, `prepare` then adds what
 * they start from, and it is closed after them. What this returns stands for that database from then on.
 */
export function fileDatabase(create: () => Promise<Db>, prepare: () => Promise<unknown> = async () => {}): Db {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await create();
    await prepare();
  });
  afterAll(async () => {
    await db?.close();
  });
  return new Proxy({} as Db, {
    get(_, property) {
      if (!db) throw new Error("the file's database is made in beforeAll: use it in a hook or a test");
      const value: unknown = Reflect.get(db, property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(db) : value;
    },
  });
}

// ─── Acting as an API role ──────────────────────────────────────────────────────────────────────────────────────

export type Actor =
  { readonly role: "anon" } | { readonly role: "authenticated"; readonly id: string; readonly label: string } | { readonly role: "service_role" };

export const anon: Actor = { role: "anon" };
export const serviceRole: Actor = { role: "service_role" };
export const signedIn = (id: string, label = id): Actor => ({ role: "authenticated", id, label });

/** The claims PostgREST puts in request.jwt.claims for each kind of key/session. */
export function claimsOf(actor: Actor): Record<string, unknown> {
  return actor.role === "authenticated" ? { sub: actor.id, role: "authenticated", aud: "authenticated" } : { role: actor.role };
}

export type Row = Record<string, unknown>;
export type Outcome = { ok: true; rows: Row[]; affected: number } | { ok: false; code: string; message: string };

export type RunOptions = {
  /** Keep the statement's effects (default: roll back, so every attempt starts from the same fixtures). */
  commit?: boolean;
  /** Claims to send instead of the actor's own (a forged or contradictory token). */
  claims?: Record<string, unknown>;
};

/** Switches the rest of this transaction to `actor`, as PostgREST does at the start of each request. */
export async function becomeActor(tx: Transaction, actor: Actor, claims: Record<string, unknown> = claimsOf(actor)): Promise<void> {
  await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)]);
  await tx.query(`set local role ${actor.role}`);
}

/**
 * Runs `fn` in one transaction, as `actor` (or as the superuser when `actor` is null), and rolls it back
 * afterwards unless `commit` is set. An error inside rolls back and propagates.
 */
export async function within<T>(db: Db, actor: Actor | null, fn: (tx: Transaction) => Promise<T>, options: RunOptions = {}): Promise<T> {
  return db.transaction(async (tx) => {
    if (actor) await becomeActor(tx, actor, options.claims);
    const value = await fn(tx);
    if (!options.commit) await tx.rollback();
    return value;
  });
}

/**
 * Runs one statement as `actor` in its own transaction and reports what happened instead of throwing:
 * `{ ok: true, rows, affected }` or `{ ok: false, code, message }` (the Postgres error).
 */
export async function run(db: Db, actor: Actor, sql: string, params: unknown[] = [], options: RunOptions = {}): Promise<Outcome> {
  try {
    const result = await within(db, actor, (tx) => tx.query<Row>(sql, params), options);
    return { ok: true, rows: result.rows, affected: result.affectedRows ?? 0 };
  } catch (error) {
    return failure(error);
  }
}

/** A Postgres error as an Outcome. */
export function failure(error: unknown): Outcome {
  const { code, message } = error as { code?: string; message: string };
  return { ok: false, code: code ?? "", message };
}

/** Like `run`, but the statement must succeed; returns its rows. */
export async function rowsAs(db: Db, actor: Actor, sql: string, params: unknown[] = []): Promise<Row[]> {
  const outcome = await run(db, actor, sql, params);
  if (!outcome.ok) throw new Error(`expected success as ${actorName(actor)}: ${outcome.message}\n${sql}`);
  return outcome.rows;
}

export function actorName(actor: Actor): string {
  return actor.role === "authenticated" ? `authenticated (${actor.label})` : actor.role;
}

/** As the superuser (postgres, like the SQL editor): bypasses row-level security. */
export async function asSuperuser(db: Db, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await db.query<Row>(sql, params)).rows;
}

export async function count(db: Db, table: string, where = "true", params: unknown[] = []): Promise<number> {
  const [row] = await asSuperuser(db, `select count(*)::int as n from ${table} where ${where}`, params);
  return Number(row?.n);
}
