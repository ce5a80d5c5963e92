// Search in names, e-mails and companies through the FTS5 trigram tables of migrations/0014 (docs/decisions/0026):
// any part of a field matches, case ignored, as LIKE '%…%' did, but read from an index.

/** A statement that answers the rowids whose name, email or company contains `text` (at least MIN_SEARCH_LENGTH characters). */
export function matchingRowids(table: "order_search" | "customer_search", text: string): { sql: string; params: string[] } {
  // One quoted phrase: the words are matched as typed, never read as FTS5 query syntax.
  return { sql: `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`, params: [`"${text.replaceAll('"', '""')}"`] };
}

/** LIKE on user text, for the small lists (accounts, interpreters): %, _ and the escape character match only themselves. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
