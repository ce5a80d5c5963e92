// PostgREST over the double's tables: GET/HEAD reads with embeds, counts (`Prefer: count=exact`,
// `Content-Range: 0-19/21`, 206 for a part, 416 past the end), single objects (`Accept:
// application/vnd.pgrst.object+json`, PGRST116 as 406), INSERT/PATCH/DELETE with `Prefer:
// return=representation`, INSERT … ON CONFLICT DO NOTHING (`Prefer: resolution=ignore-duplicates`, `on_conflict=`),
// and Postgres errors as PostgREST sends them (23505/23503 → 409).
import { parseFilter, parseLogic, parseOrder, parseSelect, sortRows, matches, type Condition, type SelectItem } from "./query";
import { coerce, isTable, jsonValue, keyOf, PgError, relationship, SCHEMA, type Row, type TableName } from "./schema";
import type { DoubleState } from "./state";

export type DoubleResponse = { status: number; headers: Record<string, string>; body?: string | Buffer };

export type RestRequest = { method: string; table: string; params: URLSearchParams; prefer: Set<string>; single: boolean; body: unknown };

const RESERVED = new Set(["select", "order", "limit", "offset", "or", "and", "columns", "on_conflict"]);
const JSON_TYPE = "application/json; charset=utf-8";

export function pgErrorResponse(error: PgError): DoubleResponse {
  const headers: Record<string, string> = { "content-type": JSON_TYPE };
  if (error.status === 401) headers["www-authenticate"] = `Bearer error="invalid_token", error_description="${error.message}"`;
  return { status: error.status, headers, body: JSON.stringify(error.body) };
}

/** Rows in "no particular order": deliberately not insertion order, so a caller relying on it shows up. */
const unordered = (rows: Row[]) => [...rows].reverse();

function project(state: DoubleState, table: TableName, row: Row, items: SelectItem[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const columns = SCHEMA[table].columns;
    if (item.kind === "star") for (const column of Object.keys(columns)) out[column] = jsonValue(columns[column], row[column]);
    else if (item.kind === "column") out[item.name] = jsonValue(columns[item.name], row[item.name]);
    else {
      const related = relationship(table, item.name)!;
      const linked = unordered(state.tables[related.table]).filter((other) => other[related.foreignColumn] === row[related.localColumn]);
      const projected = linked.map((other) => project(state, related.table, other, item.items));
      out[item.name] = related.kind === "many" ? projected : (projected[0] ?? null);
    }
  }
  return out;
}

function conditionsOf(params: URLSearchParams, table: TableName): Condition[] {
  const conditions: Condition[] = [];
  for (const [name, value] of params) {
    if (name === "or" || name === "and") conditions.push(parseLogic(name, value, table));
    else if (!RESERVED.has(name)) conditions.push(parseFilter(name, value, table));
  }
  return conditions;
}

function contentRange(offset: number, returned: number, total: number | null) {
  const size = total === null ? "*" : String(total);
  return returned === 0 ? `*/${size}` : `${offset}-${offset + returned - 1}/${size}`;
}

function represent(state: DoubleState, table: TableName, rows: Row[], request: RestRequest, status: number): DoubleResponse {
  // With Prefer: count=exact a write answers how many rows it affected (Content-Range: */N).
  const range = { "content-range": request.prefer.has("count=exact") ? `*/${rows.length}` : "*/*" };
  if (!request.prefer.has("return=representation")) return { status: status === 201 ? 201 : 204, headers: range };
  const items = parseSelect(request.params.get("select") ?? "*", table);
  const body = rows.map((row) => project(state, table, row, items));
  return singleOr(body, request, status, range);
}

function singleOr(body: Record<string, unknown>[], request: RestRequest, status: number, headers: Record<string, string>): DoubleResponse {
  if (request.single) {
    if (body.length !== 1) {
      const error = new PgError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${body.length} rows`);
      return pgErrorResponse(error);
    }
    return { status, headers: { ...headers, "content-type": "application/vnd.pgrst.object+json; charset=utf-8" }, body: JSON.stringify(body[0]) };
  }
  return { status, headers: { ...headers, "content-type": JSON_TYPE }, body: JSON.stringify(body) };
}

/**
 * `Prefer: resolution=ignore-duplicates` (supabase-js upsert with ignoreDuplicates): INSERT … ON CONFLICT (on_conflict,
 * or the primary key) DO NOTHING. The rows whose conflict columns equal a stored row's, or an earlier row's of the same
 * request, are left out; any other constraint still fails. The columns must be a primary key or unique constraint.
 */
function withoutDuplicates(state: DoubleState, table: TableName, rows: Record<string, unknown>[], onConflict: string | null): Record<string, unknown>[] {
  const schema = SCHEMA[table];
  const target = onConflict ? onConflict.split(",").map((column) => column.trim()) : [schema.primaryKey].flat();
  const same = (a: readonly string[]) => [...a].sort().join() === [...target].sort().join();
  if (![[schema.primaryKey].flat(), ...schema.unique.filter((unique) => !unique.lower).map((unique) => unique.columns)].some(same)) {
    throw new PgError(400, "42P10", "there is no unique or exclusion constraint matching the ON CONFLICT specification");
  }
  const keyOfRow = (row: Record<string, unknown>) =>
    JSON.stringify(target.map((column) => (schema.columns[column] ? coerce(schema.columns[column], row[column]) : null)));
  const seen = new Set(state.tables[table].map(keyOfRow));
  return rows.filter((row) => {
    const key = keyOfRow(row);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function handleRest(state: DoubleState, request: RestRequest): DoubleResponse {
  try {
    return execute(state, request);
  } catch (error) {
    if (error instanceof PgError) return pgErrorResponse(error);
    throw error;
  }
}

function execute(state: DoubleState, request: RestRequest): DoubleResponse {
  const { method, params } = request;
  if (!isTable(request.table)) {
    throw new PgError(404, "PGRST205", `Could not find the table 'public.${request.table}' in the schema cache`);
  }
  const table = request.table;
  const conditions = conditionsOf(params, table);
  const selected = () => unordered(state.tables[table]).filter((row) => conditions.every((condition) => matches(row, condition, table)));

  if (method === "GET" || method === "HEAD") {
    const items = parseSelect(params.get("select") ?? "*", table);
    const order = params.get("order");
    const rows = order ? sortRows(selected(), parseOrder(order, table)) : selected();
    const offset = Number(params.get("offset") ?? 0);
    const limit = params.has("limit") ? Number(params.get("limit")) : Infinity;
    const total = request.prefer.has("count=exact") ? rows.length : null;
    if (total !== null && offset > total) {
      throw new PgError(416, "PGRST103", "Requested range not satisfiable", `An offset of ${offset} was requested, but there are only ${total} rows.`);
    }
    const page = rows.slice(offset, offset + limit);
    const status = total !== null && page.length < total ? 206 : 200;
    const headers = { "content-range": contentRange(offset, page.length, total) };
    if (method === "HEAD") return { status, headers: { ...headers, "content-type": JSON_TYPE } };
    return singleOr(
      page.map((row) => project(state, table, row, items)),
      request,
      status,
      headers,
    );
  }

  if (method === "POST") {
    const input = request.body;
    const rows = Array.isArray(input) ? input : [input];
    if (rows.some((row) => typeof row !== "object" || row === null)) throw new PgError(400, "PGRST102", "Empty or invalid json");
    const inserted = request.prefer.has("resolution=ignore-duplicates")
      ? withoutDuplicates(state, table, rows as Record<string, unknown>[], request.params.get("on_conflict"))
      : (rows as Record<string, unknown>[]);
    return represent(state, table, inserted.length ? state.write(table, "insert", inserted) : [], request, 201);
  }

  if (method === "PATCH" || method === "DELETE") {
    // Supabase runs PostgREST with pg-safeupdate: an UPDATE or DELETE needs a WHERE clause.
    if (conditions.length === 0) throw new PgError(400, "21000", `${method === "PATCH" ? "UPDATE" : "DELETE"} requires a WHERE clause`);
    const targets = selected();
    if (method === "DELETE") {
      const keys = new Set(targets.map((row) => keyOf(table, row)));
      return represent(
        state,
        table,
        state.deleteWhere(table, (row) => keys.has(keyOf(table, row))),
        request,
        200,
      );
    }
    const patch = request.body;
    if (typeof patch !== "object" || patch === null || Array.isArray(patch)) throw new PgError(400, "PGRST102", "Empty or invalid json");
    const updated = state.write(
      table,
      "update",
      targets.map((row) => ({ ...row, ...(patch as Record<string, unknown>) })),
    );
    return represent(state, table, updated, request, 200);
  }

  throw new PgError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
}
