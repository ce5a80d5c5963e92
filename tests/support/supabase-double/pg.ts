// Postgres's values as the double stores and sends them, and its errors as PostgREST reports them: the column types
// the tables use (schema.ts, schema-orders.ts), coercion of request values into them, timestamptz's text form, and
// PgError. Apart from schema.ts so that the table definitions of both files can use them.
import type { Column, Value } from "./schema";

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

/** A column's stored value as PostgREST sends it in JSON (jsonb as the JSON value itself, not its text). */
export function jsonValue(column: Column | undefined, value: Value | undefined): unknown {
  if (value === undefined || value === null) return null;
  return column?.type === "jsonb" && typeof value === "string" ? JSON.parse(value) : value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalid = (type: string, value: unknown) => new PgError(400, "22P02", `invalid input syntax for type ${type}: "${String(value)}"`);
/** An ISO 8601 time with a zone (what the adapter sends), or Postgres's own output form of one. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A timestamptz as PostgREST writes it in JSON (Postgres's to_json in UTC): `2026-11-23T10:00:00.12+00:00`, the
 * fraction without trailing zeros. All in UTC and so written, the strings sort in time order.
 */
export function pgTimestamp(ms: number): string {
  const [seconds, fraction = ""] = new Date(ms).toISOString().replace(/Z$/, "").split(".");
  const digits = fraction.replace(/0+$/, "");
  return `${seconds}${digits ? `.${digits}` : ""}+00:00`;
}

/** A `date` as Postgres reads it: a real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
function pgDate(value: unknown): string {
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || day.toISOString().slice(0, 10) !== match![0]) {
    throw new PgError(
      400,
      match ? "22008" : "22007",
      `${match ? "date/time field value out of range" : "invalid input syntax for type date"}: "${String(value)}"`,
    );
  }
  return match![0];
}

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
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
      return JSON.stringify(value);
    case "jsonb":
      return JSON.stringify(value);
    case "bool":
      if (typeof value === "boolean") return value;
      if (value === "true" || value === "t") return true;
      if (value === "false" || value === "f") return false;
      throw invalid("boolean", value);
    case "date":
      return pgDate(value);
    case "timestamptz": {
      const ms = typeof value === "string" && TIMESTAMP.test(value.trim()) ? Date.parse(value.trim().replace(" ", "T")) : NaN;
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any JSON value, quoted as String() gives it, like the other "invalid input" errors
      if (Number.isNaN(ms)) throw new PgError(400, "22007", `invalid input syntax for type timestamp with time zone: "${String(value)}"`);
      return pgTimestamp(ms);
    }
  }
}
