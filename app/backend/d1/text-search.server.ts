// Search in names, e-mails and companies through the FTS5 trigram tables of migrations/0014 (docs/decisions/0026):
// any part of a field matches, case ignored, as LIKE '%…%' did, but read from an index.

/** A statement that answers the rowids whose name, email or company contains `text` (at least MIN_SEARCH_LENGTH characters). */
export function matchingRowids(table: "order_search" | "customer_search", text: string): { sql: string; params: string[] } {
  // One quoted phrase: the words are matched as typed, never read as FTS5 query syntax.
  return { sql: `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`, params: [`"${text.replaceAll('"', '""')}"`] };
}

/**
 * User text for the small lists' substring search (accounts, interpreters, the person field): `instr(lower(column), ?)`,
 * not LIKE — D1 refuses a LIKE pattern over 50 bytes ("pattern too complex"), and a search box takes 100 characters.
 * Only ASCII letters are folded, as SQLite's lower() does, so both sides fold alike (LIKE folded the same ones).
 */
export const foldedNeedle = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());
