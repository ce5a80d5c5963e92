// Assertions on what one attempt did, each naming exactly how it was refused.
import { expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, count, run, serviceRole, within, type Actor, type Db, type Outcome } from "./db";
import { deleteSql, FIXTURE_ROWS, PUBLIC_ACTORS, updateSql, WRITES, type Table } from "./fixtures";

/** Refused by row-level security: no policy lets this role store this row. */
export function rlsRefusal(table: string): Outcome {
  return { ok: false, code: "42501", message: `new row violates row-level security policy for table "${table}"` };
}

/** Refused by the table privileges, before row-level security is even consulted. */
export function permissionDenied(what: string): Outcome {
  return { ok: false, code: "42501", message: `permission denied for ${what}` };
}

/** Refused by the users.role guard trigger (private.guard_users_role). */
export const ROLE_GUARD_REFUSAL: Outcome = { ok: false, code: "42501", message: "only an admin can change a user's role" };

/** The statement ran and changed nothing (the rows it aimed at are invisible to the role). */
export const NO_ROWS_AFFECTED: Outcome = { ok: true, rows: [], affected: 0 };
export const ONE_ROW_AFFECTED: Outcome = { ok: true, rows: [], affected: 1 };

/** Reads `select * from <table>` as `actor` and expects exactly `expected` rows of the fixtures. */
export async function expectVisibleRows(db: Db, actor: Actor, table: Table, expected: number): Promise<void> {
  expect(await count(db, `public.${table}`), `${table} has its fixture rows`).toBe(FIXTURE_ROWS[table]);
  const outcome = await run(db, actor, `select * from public.${table}`);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  if (outcome.ok) expect(outcome.rows).toHaveLength(expected);
}

export async function expectInsert(db: Db, actor: Actor, table: Table, expected: Outcome): Promise<void> {
  expect(await run(db, actor, WRITES[table].insert)).toEqual(expected);
}

/** Updates or deletes the row WRITES names, after checking (as the superuser) that the row is there. */
export async function expectWrite(db: Db, actor: Actor, table: Table, op: "update" | "delete", expected: Outcome): Promise<void> {
  expect(await count(db, `public.${table}`, WRITES[table][op].where), `the ${table} row the ${op} aims at exists`).toBe(1);
  expect(await run(db, actor, op === "update" ? updateSql(table) : deleteSql(table))).toEqual(expected);
}

/**
 * A table only the worker touches: row-level security on with no policy, privileges for service_role alone, and
 * none on its id sequence for anon or authenticated (when it has an id column: calendar_feeds' key is its user_id).
 */
export async function expectServiceRoleOnly(db: Db, table: string): Promise<void> {
  expect(
    await asSuperuser(
      db,
      `select c.relrowsecurity, (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
       from pg_class c where c.oid = $1::regclass`,
      [`public.${table}`],
    ),
  ).toEqual([{ relrowsecurity: true, policies: 0 }]);
  expect(
    await asSuperuser(
      db,
      `select grantee, string_agg(privilege_type, ',' order by privilege_type) as privileges from information_schema.role_table_grants
       where table_schema = 'public' and table_name = $1 and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC')
       group by grantee`,
      [table],
    ),
  ).toEqual([{ grantee: "service_role", privileges: "DELETE,INSERT,REFERENCES,SELECT,TRIGGER,TRUNCATE,UPDATE" }]);
  const [{ has_id }] = (await asSuperuser(
    db,
    "select exists (select 1 from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = 'id') as has_id",
    [table],
  )) as [{ has_id: boolean }];
  if (!has_id) return;
  expect(
    await asSuperuser(
      db,
      `select has_sequence_privilege('anon', pg_get_serial_sequence($1, 'id'), 'usage') as anon,
              has_sequence_privilege('authenticated', pg_get_serial_sequence($1, 'id'), 'usage') as authenticated`,
      [`public.${table}`],
    ),
  ).toEqual([{ anon: false, authenticated: false }]);
}

/** A test per actor and statement: each is refused by `table`'s privileges (before row-level security). */
export function itRefusesByPrivileges(db: () => Db, table: string, statements: Record<string, string>, actors: [string, Actor][] = PUBLIC_ACTORS): void {
  it.each(actors.flatMap(([name, actor]) => Object.entries(statements).map(([operation, sql]) => [name, operation, sql, actor] as const)))(
    "%s: %s is refused by the table privileges",
    async (_name, _operation, sql, actor) => {
      expect(await run(db(), actor, sql)).toEqual(permissionDenied(`table ${table}`));
    },
  );
}

/** The statements of a worker-only table: every row (select, delete), one row (insert) and every row changed (update). */
export type WorkerStatements = { select: string; insert: string; update: string; delete: string };

/** A worker-only table's statements, given how to insert a row and what an update sets. */
export function workerStatements(table: string, insert: string, set: string): WorkerStatements {
  return { select: `select * from public.${table}`, insert, update: `update public.${table} set ${set}`, delete: `delete from public.${table}` };
}

/**
 * A table only the worker (the service role) reaches: every public actor refused by the table privileges, the service
 * role inserting a row (then `stored` checks it) and updating and deleting it, and row-level security on without a policy.
 */
export function itBelongsToTheWorker(
  db: () => Db,
  table: string,
  statements: WorkerStatements,
  {
    name = "service_role: inserts, reads, updates and deletes",
    stored = async (tx: Transaction) => expect((await tx.query(statements.select)).rows).toHaveLength(1),
  }: { name?: string; stored?: (tx: Transaction) => Promise<void> } = {},
): void {
  itRefusesByPrivileges(db, table, statements);

  it(name, async () => {
    await within(db(), serviceRole, async (tx) => {
      expect((await tx.query(statements.insert)).affectedRows).toBe(1);
      await stored(tx);
      expect((await tx.query(statements.update)).affectedRows).toBe(1);
      expect((await tx.query(statements.delete)).affectedRows).toBe(1);
    });
  });

  it("has row-level security on and no policy; only service_role holds privileges, none on the id sequence", async () => {
    await expectServiceRoleOnly(db(), table);
  });
}

/** `actor`'s writes to each of `tables`, which it may not make: the insert refused by row-level security, the rest affecting nothing. */
export function itCannotWrite(db: () => Db, actor: Actor, tables: readonly Table[]): void {
  it.each(tables)("insert into %s is refused by row-level security", async (table) => {
    await expectInsert(db(), actor, table, rlsRefusal(table));
  });

  it.each(tables)("update of an existing %s row affects 0 rows", async (table) => {
    await expectWrite(db(), actor, table, "update", NO_ROWS_AFFECTED);
  });

  it.each(tables)("delete of an existing %s row affects 0 rows", async (table) => {
    await expectWrite(db(), actor, table, "delete", NO_ROWS_AFFECTED);
  });
}

/** `actor`'s writes to each of `tables`, which it may make: each one row. */
export function itWrites(db: () => Db, actor: Actor, tables: readonly Table[]): void {
  it.each(tables)("inserts into %s", async (table) => {
    await expectInsert(db(), actor, table, ONE_ROW_AFFECTED);
  });

  it.each(tables)("updates a %s row", async (table) => {
    await expectWrite(db(), actor, table, "update", ONE_ROW_AFFECTED);
  });

  it.each(tables)("deletes a %s row", async (table) => {
    await expectWrite(db(), actor, table, "delete", ONE_ROW_AFFECTED);
  });
}

/** Each of `calls` (a function's name and a call of it), made by every public actor: refused, as none may execute it. */
export function itRefusesToExecute(db: () => Db, calls: Record<string, string>): void {
  it.each(PUBLIC_ACTORS.flatMap(([name, actor]) => Object.entries(calls).map(([fn, sql]) => [name, fn, sql, actor] as const)))(
    "%s: %s is refused (no EXECUTE)",
    async (_name, fn, sql, actor) => {
      expect(await run(db(), actor, `select ${sql}`)).toEqual(permissionDenied(`function ${fn}`));
    },
  );
}
