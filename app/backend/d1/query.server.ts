import { BackendError } from "~/backend/port.server";

/** Runs a D1 call and reports its failure as a BackendError carrying D1's own message. */
export async function query<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toBackendError(error);
  }
}

export function toBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new BackendError(message, { cause: error });
}

/** Which constraint a failed write broke, from SQLite's message ("UNIQUE constraint failed: accounts.email"). */
export function brokenConstraint(error: unknown): { kind: "unique"; column: string } | { kind: "foreign-key" } | null {
  const message = error instanceof Error ? error.message : String(error);
  const unique = /UNIQUE constraint failed: ([\w.]+)/.exec(message);
  if (unique) return { kind: "unique", column: unique[1]! };
  if (/FOREIGN KEY constraint failed/.test(message)) return { kind: "foreign-key" };
  return null;
}

/** A condition of a list's WHERE clause with the values it binds. */
export type Filter = [clause: string, params: unknown[]];

/**
 * One page of a list: the rows that meet every filter, in the list's order (an index serves it), at most `limit`.
 * The keyset lists (the inbox, the security log) pass their cursor as one of the filters.
 */
export async function listPage<Row>(db: D1Database, list: { select: string; from: string; orderBy: string }, filters: Filter[], limit: number): Promise<Row[]> {
  const where = filters.length ? `WHERE ${filters.map(([clause]) => clause).join(" AND ")}` : "";
  const params = filters.flatMap(([, values]) => values);
  const { results } = await query(() =>
    db
      .prepare(`SELECT ${list.select} FROM ${list.from} ${where} ORDER BY ${list.orderBy} LIMIT ?`)
      .bind(...params, limit)
      .all<Row>(),
  );
  return results;
}
