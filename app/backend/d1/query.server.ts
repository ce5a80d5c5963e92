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
