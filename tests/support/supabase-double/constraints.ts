// The checks Postgres makes as the double's tables are written (DoubleState.write, state.ts): the trigger
// users_keep_an_admin, each column of a row as the schema types it (unknown columns, identity, generated columns,
// defaults, not-null and check constraints, the checks across columns), and the row's keys against the other rows
// (primary key, unique constraints, exclusion constraints, foreign keys), each refused with the error Postgres reports.
import { coerce, keyOf, PgError, SCHEMA, type Row, type TableName, type Value } from "./schema";

/**
 * The trigger users_keep_an_admin (private.keep_an_admin): a row may lose the admin role only while another admin
 * whose account is not banned (`unlocked`) remains. Rows are checked in order, each seeing the ones before it changed.
 */
export function keepAnAdmin(users: Row[], rows: Record<string, unknown>[], unlocked: (id: string) => boolean) {
  const roles = new Map(users.map((row) => [String(row.id), row.role]));
  for (const row of rows) {
    const id = String(row.id);
    if (roles.get(id) === "admin" && row.role !== "admin") {
      const another = [...roles].some(([other, role]) => other !== id && role === "admin" && unlocked(other));
      if (!another) {
        throw new PgError(
          400,
          "23514",
          "the last administrator who can sign in keeps the admin role",
          `users.role admin → ${String(row.role)} refused for ${id}: no other unlocked admin`,
          "Make another account admin, or unlock one, first.",
        );
      }
    }
    roles.set(id, row.role as Value);
  }
}

/** A row as it is stored: coerced, its defaults filled in (an identity column from `nextval`), checked column by column. */
export function prepareRow(table: TableName, kind: "insert" | "update", input: Record<string, unknown>, overriding: boolean, nextval: () => number): Row {
  const { columns, primaryKey } = SCHEMA[table];
  const row: Row = {};
  for (const [name, value] of Object.entries(input)) {
    const column = columns[name];
    if (!column) throw new PgError(400, "PGRST204", `Could not find the '${name}' column of '${table}' in the schema cache`);
    if (column.identity === "always" && kind === "insert" && !overriding) {
      throw new PgError(
        400,
        "428C9",
        `cannot insert a non-DEFAULT value into column "${name}"`,
        `Column "${name}" is an identity column defined as GENERATED ALWAYS.`,
        "Use OVERRIDING SYSTEM VALUE to override.",
      );
    }
    if (column.generated) {
      // An update passes the whole stored row; only a request's own value for it is an error.
      if (kind === "insert") throw new PgError(400, "428C9", `cannot insert a non-DEFAULT value into column "${name}"`);
      continue;
    }
    row[name] = coerce(column, value);
  }
  if (kind === "insert") {
    for (const [name, column] of Object.entries(columns)) {
      if (name in row) continue;
      if (column.identity) row[name] = nextval();
      else row[name] = column.default ? column.default() : null;
    }
  }
  for (const [name, column] of Object.entries(columns)) if (column.generated) row[name] = column.generated(row);
  for (const [name, column] of Object.entries(columns)) {
    const value = row[name];
    if (value === null && !column.nullable) {
      throw new PgError(
        400,
        "23502",
        `null value in column "${name}" of relation "${table}" violates not-null constraint`,
        `Failing row contains (${Object.values(row).join(", ")}).`,
      );
    }
    const refused = column.oneOf ? !column.oneOf.includes(String(value)) : column.check ? !column.check(value!) : false;
    if (value !== null && value !== undefined && refused) {
      throw new PgError(
        400,
        "23514",
        `new row for relation "${table}" violates check constraint "${table}_${name}_check"`,
        `Failing row contains (${Object.values(row).join(", ")}).`,
      );
    }
  }
  for (const check of SCHEMA[table].checks ?? []) {
    if (!check.holds(row)) {
      throw new PgError(
        400,
        "23514",
        `new row for relation "${table}" violates check constraint "${check.name}"`,
        `Failing row contains (${Object.values(row).join(", ")}).`,
      );
    }
  }
  if (kind === "update" && [primaryKey].flat().some((column) => row[column] === undefined)) throw new Error("update without the primary key");
  return row;
}

/** Refuses a row whose keys clash with `others` or whose foreign keys find nothing (a "set null" one is emptied instead). */
export function checkRow(table: TableName, row: Row, others: Row[], tables: Record<TableName, Row[]>, authUsers: ReadonlyMap<string, unknown>) {
  const schema = SCHEMA[table];
  const key = (item: Row, columns: readonly string[], lower?: boolean) =>
    JSON.stringify(columns.map((column) => (lower && typeof item[column] === "string" ? item[column].toLowerCase() : item[column])));
  const primaryKey = [schema.primaryKey].flat();
  if (others.some((other) => keyOf(table, other) === keyOf(table, row))) {
    throw new PgError(
      409,
      "23505",
      `duplicate key value violates unique constraint "${table}_pkey"`,
      `Key (${primaryKey.join(", ")})=(${primaryKey.map((column) => row[column]).join(", ")}) already exists.`,
    );
  }
  for (const unique of schema.unique) {
    const covers = unique.where ?? (() => true);
    if (!covers(row)) continue;
    const wanted = key(row, unique.columns, unique.lower);
    if (others.some((other) => covers(other) && key(other, unique.columns, unique.lower) === wanted)) {
      const columns = unique.columns.map((column) => (unique.lower ? `lower(${column})` : column)).join(", ");
      const values = unique.columns.map((column) => (unique.lower ? String(row[column]).toLowerCase() : row[column])).join(", ");
      throw new PgError(409, "23505", `duplicate key value violates unique constraint "${unique.name}"`, `Key (${columns})=(${values}) already exists.`);
    }
  }
  for (const exclusion of schema.exclusions ?? []) {
    const other = others.find((item) => exclusion.conflict(row, item));
    if (other) {
      const key = (item: Row) => `(${exclusion.columns.join(", ")})=(${exclusion.columns.map((column) => item[column]).join(", ")})`;
      throw new PgError(
        400,
        "23P01",
        `conflicting key value violates exclusion constraint "${exclusion.name}"`,
        `Key ${key(row)} conflicts with existing key ${key(other)}.`,
      );
    }
  }
  for (const fk of schema.foreignKeys) {
    const value = row[fk.column];
    if (value === null) continue; // a foreign key holds only for a value
    const exists = fk.table === "auth.users" ? authUsers.has(String(value)) : tables[fk.table].some((other) => other.id === value);
    if (!exists && fk.unknown === "set null") row[fk.column] = null;
    else if (!exists) {
      const referenced = fk.table === "auth.users" ? "users" : fk.table;
      throw new PgError(
        409,
        "23503",
        `insert or update on table "${table}" violates foreign key constraint "${fk.name}"`,
        `Key (${fk.column})=(${value}) is not present in table "${referenced}".`,
      );
    }
  }
}
