// The public tables the adapter reads and writes, with the Postgres rules the double enforces: types,
// NOT NULL, CHECK, unique constraints (users: lower(email); languages: lower(name); user_languages:
// (user_id, language_id)) and foreign keys, all ON DELETE CASCADE (users.id → auth.users.id as well).
// Column names are the spec's (Gender, account_type, instegram, photoaurl, …).

export type Value = string | number | boolean | null;
export type Row = Record<string, Value>;
export type ColumnType = "uuid" | "text" | "int8";
export type Column = {
  type: ColumnType;
  nullable?: boolean;
  default?: () => Value;
  identity?: boolean;
  oneOf?: readonly string[];
  /** GENERATED ALWAYS AS (…) STORED: computed from the row, never written by a request. */
  generated?: (row: Row) => Value;
};
export type Unique = { name: string; columns: readonly string[]; lower?: boolean };
export type ForeignKey = { name: string; column: string; table: TableName | "auth.users" };
export type Table = { columns: Record<string, Column>; primaryKey: string; unique: readonly Unique[]; foreignKeys: readonly ForeignKey[] };

export const TABLE_NAMES = ["company", "services", "about", "users", "languages", "user_languages", "contact_messages"] as const;
export type TableName = (typeof TABLE_NAMES)[number];
export const isTable = (name: string): name is TableName => (TABLE_NAMES as readonly string[]).includes(name);

const id = { type: "int8", identity: true } as const;
const text = { type: "text", nullable: true } as const;
const requiredText = { type: "text" } as const;
const int = { type: "int8", nullable: true } as const;

export const SCHEMA: Record<TableName, Table> = {
  company: {
    columns: {
      id,
      title: requiredText,
      description: { type: "text", default: () => "" },
      homecover: text,
      address: { type: "text", default: () => "" },
      email: { type: "text", default: () => "" },
      phone: text,
      linkedin: text,
      facebook: text,
      instegram: text,
      contactcover: text,
    },
    primaryKey: "id",
    unique: [],
    foreignKeys: [],
  },
  services: {
    columns: { id, title: requiredText, description: { type: "text", default: () => "" }, photourl: text },
    primaryKey: "id",
    unique: [],
    foreignKeys: [],
  },
  about: {
    columns: { id, description: { type: "text", default: () => "" }, photoaurl: text, photoburl: text },
    primaryKey: "id",
    unique: [],
    foreignKeys: [],
  },
  users: {
    columns: {
      id: { type: "uuid" },
      full_name: requiredText,
      email: requiredText,
      phone: { type: "text", default: () => "" },
      Gender: { type: "text", default: () => "" },
      account_type: text,
      role: { type: "text", default: () => "interpreter", oneOf: ["admin", "interpreter"] },
      created_at: { type: "text", default: () => new Date().toISOString() },
      full_name_sort: { type: "text", generated: (row) => String(row.full_name).toLowerCase() },
      email_sort: { type: "text", generated: (row) => String(row.email).toLowerCase() },
    },
    primaryKey: "id",
    unique: [{ name: "users_email_lower_key", columns: ["email"], lower: true }],
    foreignKeys: [{ name: "users_id_fkey", column: "id", table: "auth.users" }],
  },
  languages: {
    columns: { id, name: requiredText, name_sort: { type: "text", generated: (row) => String(row.name).toLowerCase() } },
    primaryKey: "id",
    unique: [{ name: "languages_name_lower_key", columns: ["name"], lower: true }],
    foreignKeys: [],
  },
  user_languages: {
    columns: { id, user_id: { type: "uuid" }, language_id: { type: "int8" } },
    primaryKey: "id",
    unique: [{ name: "user_languages_user_id_language_id_key", columns: ["user_id", "language_id"] }],
    foreignKeys: [
      { name: "user_languages_user_id_fkey", column: "user_id", table: "users" },
      { name: "user_languages_language_id_fkey", column: "language_id", table: "languages" },
    ],
  },
  contact_messages: {
    columns: {
      id,
      name: requiredText,
      email: requiredText,
      subject: requiredText,
      message: requiredText,
      received_at: { type: "int8" },
      status: { type: "text", default: () => "pending", oneOf: ["pending", "sent", "failed"] },
      attempts: { type: "int8", default: () => 0 },
      last_error: text,
      next_attempt_at: { type: "int8" },
      sent_at: int,
      read_at: int,
      claim_id: text,
      claimed_until: int,
    },
    primaryKey: "id",
    unique: [],
    foreignKeys: [],
  },
};

/** Embeddable relationships (PostgREST's, from the foreign keys): parent → child rows, child → parent row. */
export type Relationship = { kind: "many" | "one"; table: TableName; localColumn: string; foreignColumn: string };

export function relationship(from: TableName, to: string): Relationship | null {
  if (!isTable(to)) return null;
  for (const fk of SCHEMA[to].foreignKeys) if (fk.table === from) return { kind: "many", table: to, localColumn: "id", foreignColumn: fk.column };
  for (const fk of SCHEMA[from].foreignKeys) if (fk.table === to) return { kind: "one", table: to, localColumn: fk.column, foreignColumn: "id" };
  return null;
}

/** A PostgREST error: the HTTP status and the `{ code, details, hint, message }` body the real service sends. */
export class PgError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
  get body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalid = (type: string, value: unknown) => new PgError(400, "22P02", `invalid input syntax for type ${type}: "${String(value)}"`);

/** A value as Postgres would store it in a column of this type (text from a URL filter, JSON from a body). */
export function coerce(column: Column, value: unknown): Value {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case "uuid":
      if (typeof value !== "string" || !UUID.test(value)) throw invalid("uuid", value);
      return value.toLowerCase();
    case "int8": {
      const number = typeof value === "number" ? value : typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isSafeInteger(number)) throw invalid("bigint", value);
      return number;
    }
    case "text":
      if (typeof value === "object") return JSON.stringify(value);
      return String(value);
  }
}
