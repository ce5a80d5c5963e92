// PostgREST's URL grammar, the part the adapter uses: `select=` with nested embeds, horizontal filters
// (eq, neq, gt, gte, lt, lte, like, ilike with `*` wildcards, is, in), `or=(…)`/`and=(…)` trees, `order=`
// (several columns, asc/desc, nullsfirst/nullslast), limit/offset. Parsed against the schema, so an
// unknown column or relationship fails as PostgREST fails.
import { coerce, PgError, relationship, SCHEMA, type Row, type TableName, type Value } from "./schema";

export type SelectItem = { kind: "star" } | { kind: "column"; name: string } | { kind: "embed"; name: string; items: SelectItem[] };
export type Condition = { kind: "op"; column: string; op: string; value: string } | { kind: "logic"; op: "and" | "or"; conditions: Condition[] };
export type OrderTerm = { column: string; descending: boolean; nullsFirst: boolean };

const parseError = (message: string, details: string) => new PgError(400, "PGRST100", message, details);

/** Splits on commas that are outside parentheses and double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\\" && quoted) {
      current += char + (text[++i] ?? "");
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === "(") depth++;
    else if (!quoted && char === ")") depth--;
    if (char === "," && depth === 0 && !quoted) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  if (depth !== 0 || quoted) throw parseError(`"failed to parse logic tree (${text})"`, "unexpected end of input");
  parts.push(current);
  return parts;
}

/** A double-quoted value as PostgREST reads it: the quotes go, and a backslash keeps the next character as is. */
const unquote = (name: string) => (name.length >= 2 && name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1).replace(/\\(.)/gs, "$1") : name);

export function parseSelect(text: string, table: TableName): SelectItem[] {
  return splitTopLevel(text).map((raw): SelectItem => {
    const item = raw.trim();
    if (item === "*") return { kind: "star" };
    const open = item.indexOf("(");
    if (open > 0 && item.endsWith(")")) {
      const name = unquote(item.slice(0, open));
      const related = relationship(table, name);
      if (!related) {
        throw new PgError(
          400,
          "PGRST200",
          `Could not find a relationship between '${table}' and '${name}' in the schema cache`,
          null,
          "Perhaps you meant a different table?",
        );
      }
      return { kind: "embed", name, items: parseSelect(item.slice(open + 1, -1), related.table) };
    }
    if (!/^"?[A-Za-z_][A-Za-z0-9_]*"?$/.test(item)) throw parseError('"failed to parse select parameter (' + text + ')"', `unexpected "${item}"`);
    const name = unquote(item);
    if (!SCHEMA[table].columns[name]) throw new PgError(400, "42703", `column ${table}.${name} does not exist`);
    return { kind: "column", name };
  });
}

const OPERATORS = ["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in"];

function parseCondition(text: string, table: TableName): Condition {
  const logic = /^(and|or)\((.*)\)$/s.exec(text);
  if (logic) return { kind: "logic", op: logic[1] as "and" | "or", conditions: splitTopLevel(logic[2]!).map((part) => parseCondition(part, table)) };
  const [column = "", op = "", ...rest] = text.split(".");
  return operator(column, op, rest.join("."), table);
}

function operator(column: string, op: string, value: string, table: TableName): Condition {
  if (!OPERATORS.includes(op)) throw parseError(`"failed to parse filter (${op}.${value})"`, `unexpected "${op}" expecting an operator`);
  if (!SCHEMA[table].columns[column]) throw new PgError(400, "42703", `column ${table}.${column} does not exist`);
  return { kind: "op", column, op, value: unquote(value) };
}

export function parseLogic(param: "and" | "or", text: string, table: TableName): Condition {
  if (!text.startsWith("(") || !text.endsWith(")")) throw parseError(`"failed to parse logic tree (${text})"`, 'unexpected "' + text[0] + '" expecting "("');
  return { kind: "logic", op: param, conditions: splitTopLevel(text.slice(1, -1)).map((part) => parseCondition(part, table)) };
}

export function parseFilter(column: string, text: string, table: TableName): Condition {
  const dot = text.indexOf(".");
  return operator(column, dot < 0 ? text : text.slice(0, dot), dot < 0 ? "" : text.slice(dot + 1), table);
}

export function parseOrder(text: string, table: TableName): OrderTerm[] {
  return text.split(",").map((term) => {
    const [column = "", direction = "asc", nulls] = term.split(".");
    if (!SCHEMA[table].columns[column]) throw new PgError(400, "42703", `column ${table}.${column} does not exist`);
    if (!["asc", "desc"].includes(direction) || (nulls && !["nullsfirst", "nullslast"].includes(nulls))) {
      throw parseError(`"failed to parse order (${text})"`, `unexpected "${term}"`);
    }
    const descending = direction === "desc";
    return { column, descending, nullsFirst: nulls ? nulls === "nullsfirst" : descending };
  });
}

/** LIKE with PostgREST's `*` for `%`; `\` escapes; ILIKE ignores case. */
function likePattern(pattern: string, ignoreCase: boolean): RegExp {
  let source = "";
  const text = pattern.replace(/\*/g, "%");
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\\") source += (text[++i] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (char === "%") source += ".*";
    else if (char === "_") source += ".";
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, ignoreCase ? "is" : "s");
}

/** Postgres comparison of two non-null values of one column (text in C.UTF-8 collation, as hosted Supabase). */
export function compare(a: Value, b: Value): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

export function matches(row: Row, condition: Condition, table: TableName): boolean {
  if (condition.kind === "logic") {
    return condition.op === "and"
      ? condition.conditions.every((inner) => matches(row, inner, table))
      : condition.conditions.some((inner) => matches(row, inner, table));
  }
  const { column, op, value } = condition;
  const actual = row[column] ?? null;
  if (op === "is") {
    if (!["null", "not_null", "true", "false"].includes(value)) throw parseError(`"failed to parse filter (is.${value})"`, "unexpected value");
    return value === "null" ? actual === null : value === "not_null" ? actual !== null : actual === (value === "true");
  }
  if (actual === null) return false; // SQL: a comparison with NULL is not true
  if (op === "like" || op === "ilike") return likePattern(value, op === "ilike").test(String(actual));
  const definition = SCHEMA[table].columns[column]!;
  if (op === "in") {
    const list = splitTopLevel(value.replace(/^\(|\)$/g, "")).map((item) => coerce(definition, unquote(item)));
    return list.some((item) => compare(actual, item) === 0);
  }
  const difference = compare(actual, coerce(definition, value));
  switch (op) {
    case "eq":
      return difference === 0;
    case "neq":
      return difference !== 0;
    case "gt":
      return difference > 0;
    case "gte":
      return difference >= 0;
    case "lt":
      return difference < 0;
    default:
      return difference <= 0;
  }
}

export function sortRows(rows: Row[], order: OrderTerm[]): Row[] {
  return [...rows].sort((a, b) => {
    for (const { column, descending, nullsFirst } of order) {
      const [x, y] = [a[column] ?? null, b[column] ?? null];
      if (x === null || y === null) {
        if (x === y) continue;
        return (x === null) === nullsFirst ? -1 : 1;
      }
      const difference = compare(x, y);
      if (difference !== 0) return descending ? -difference : difference;
    }
    return 0;
  });
}
