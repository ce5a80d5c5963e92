// Matching a request against the double's table of allowed request shapes (shapes-*.ts). A shape fixes the
// method, the path, every query parameter (select= with its nesting, filters, order, range), the Prefer and
// Accept headers (and any other header a shape names), the body's keys and value types (or, for a Storage upload,
// that the body is the file's bytes), and which credentials the call carries: the public (anon) key, the
// service-role key, or a signed-in user's access token. Anything else is a violation.
import type { SpecKey } from "./spec";

export type KeyKind = "anon" | "service" | "user" | "any";
export type ParamCheck = string | RegExp;
/** A parameter given once (one check), or one that may repeat (a range on one column: `gte` then `lt`): each value,
 * in order, matches one of the checks, in their order, each check at most once. */
export type ParamSpec = ParamCheck | readonly ParamCheck[];
export type ValueCheck = (value: unknown) => boolean;
export type BodySpec = { required: Record<string, ValueCheck>; optional?: Record<string, ValueCheck> };

type ShapeBase = {
  id: string;
  /** The SPEC §7 line this call implements. */
  spec?: SpecKey;
  /** Why the adapter needs this beyond §7 (or how it departs from the §7 line it implements). */
  extension?: string;
  key: KeyKind;
  body?: BodySpec;
  /** The body is a file's raw bytes (a Storage upload), not JSON: it must not be empty. */
  binaryBody?: true;
  /** The body is a JSON array of one or more objects (a bulk insert), each as `body` says. */
  arrayBody?: true;
  /** Headers the request must carry (lower-case names), each equal to a string or matching a pattern. */
  headers?: Record<string, ParamCheck>;
};
export type RestShape = ShapeBase & {
  service: "rest";
  method: "GET" | "HEAD" | "POST" | "PATCH" | "DELETE";
  table: string;
  /** Exact select= (as supabase-js sends it, whitespace removed); absent means no select= at all. */
  select?: string;
  params?: Record<string, ParamSpec>;
  optional?: Record<string, ParamSpec>;
  prefer?: string[];
  /** Accept: application/vnd.pgrst.object+json (a single object, PGRST116 otherwise). */
  single?: boolean;
};
/** A shape of one of the worker's own tables (the service role's), explained under what the table is: `${about}: ${why}`. */
export const workerShape =
  (table: string, about: string) =>
  (shape: Omit<RestShape, "service" | "table" | "key" | "extension"> & { why: string }): RestShape => {
    const { why, ...rest } = shape;
    return { ...rest, service: "rest", table, key: "service", extension: `${about}: ${why}` };
  };
export type AuthShape = ShapeBase & {
  service: "auth" | "storage";
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: RegExp;
  query?: Record<string, ParamCheck>;
};
export type Shape = RestShape | AuthShape;

export type RequestFacts = {
  service: "rest" | "auth" | "storage" | "other";
  method: string;
  /** Path below /rest/v1, /auth/v1 or /storage/v1. */
  path: string;
  params: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: unknown;
  rawBody: string;
  /** The body as it came (a Storage upload's file). */
  bytes: Buffer;
  keys: { anon: string; service: string };
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const is = {
  string: (value: unknown) => typeof value === "string",
  text: (value: unknown) => typeof value === "string" && value.trim() !== "",
  uuid: (value: unknown) => typeof value === "string" && UUID.test(value),
  int: (value: unknown) => Number.isSafeInteger(value),
  object: (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value),
  literal:
    (...allowed: unknown[]) =>
    (value: unknown) =>
      allowed.includes(value),
  nullable: (check: ValueCheck) => (value: unknown) => value === null || check(value),
};

/** Which credentials a request carries: apikey and Authorization must agree, as supabase-js sends them. */
export function keyKind({ headers, keys }: RequestFacts): { kind: KeyKind | null; problem?: string } {
  const apikey = headers["apikey"];
  const bearer = /^Bearer (.+)$/.exec(headers["authorization"] ?? "")?.[1];
  if (apikey === keys.anon && bearer === keys.anon) return { kind: "anon" };
  if (apikey === keys.service && bearer === keys.service) return { kind: "service" };
  if (apikey === keys.anon && bearer && bearer !== keys.service && bearer.split(".").length === 3) return { kind: "user" };
  if (apikey === undefined && bearer === undefined) return { kind: null, problem: "no apikey and no Authorization header" };
  const name = (value: string | undefined) =>
    value === undefined ? "none" : value === keys.anon ? "the anon key" : value === keys.service ? "the service-role key" : "another token";
  return { kind: null, problem: `apikey is ${name(apikey)} but Authorization carries ${name(bearer)}` };
}

const checkParam = (check: ParamCheck, value: string) => (typeof check === "string" ? check === value : check.test(value));
const isRepeatable = (spec: ParamSpec): spec is readonly ParamCheck[] => Array.isArray(spec);
/** Whether the values, in order, match checks in their order (each check used at most once). */
function inOrder(checks: readonly ParamCheck[], values: string[]): boolean {
  let next = 0;
  for (const value of values) {
    while (next < checks.length && !checkParam(checks[next]!, value)) next++;
    if (next++ >= checks.length) return false;
  }
  return true;
}
const preferTokens = (header: string | undefined) =>
  (header ?? "")
    .split(",")
    .map((token) => token.trim())
    .filter(Boolean)
    .sort();

function checkBody(spec: BodySpec | undefined, facts: RequestFacts, reasons: string[], kind: "json" | "binary" | "array" = "json") {
  if (kind === "binary") {
    if (facts.bytes.length === 0) reasons.push("the file body is empty");
    return;
  }
  if (!spec) {
    if (facts.rawBody !== "") reasons.push(`a body was sent where none is expected: ${facts.rawBody.slice(0, 120)}`);
    return;
  }
  const body = facts.body;
  if (kind === "array") {
    if (!Array.isArray(body) || body.length === 0) reasons.push(`the body is not a JSON array of rows: ${facts.rawBody.slice(0, 120)}`);
    else body.forEach((item, index) => checkObject(spec, item, reasons, `row ${index}: `));
  } else checkObject(spec, body, reasons);
  if (!/^application\/json\b/i.test(facts.headers["content-type"] ?? "")) reasons.push(`Content-Type is ${facts.headers["content-type"] ?? "missing"}`);
}

function checkObject(spec: BodySpec, body: unknown, reasons: string[], where = "") {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    reasons.push(`${where}the body is not one JSON object: ${JSON.stringify(body)?.slice(0, 120)}`);
    return;
  }
  const entries = body as Record<string, unknown>;
  for (const [key, check] of Object.entries(spec.required)) {
    if (!(key in entries)) reasons.push(`${where}body key "${key}" is missing`);
    else if (!check(entries[key])) reasons.push(`${where}body key "${key}" has an unexpected value ${JSON.stringify(entries[key])}`);
  }
  for (const [key, value] of Object.entries(entries)) {
    if (key in spec.required) continue;
    const check = spec.optional?.[key];
    if (!check) reasons.push(`${where}body key "${key}" is not allowed`);
    else if (!check(value)) reasons.push(`${where}body key "${key}" has an unexpected value ${JSON.stringify(value)}`);
  }
}

function checkParams(facts: RequestFacts, required: Record<string, ParamSpec>, optional: Record<string, ParamSpec>, reasons: string[]) {
  const names = new Set(facts.params.keys());
  for (const name of names) {
    const values = facts.params.getAll(name);
    const check = required[name] ?? optional[name];
    if (!check) reasons.push(`query parameter ${name}=${values.join("&")} is not allowed`);
    else if (isRepeatable(check)) {
      if (!inOrder(check, values)) reasons.push(`query parameter ${name}=${values.join("&")} does not match ${check.map(String).join(" then ")}`);
    } else if (values.length !== 1) reasons.push(`query parameter ${name} is repeated`);
    else if (!checkParam(check, values[0]!)) reasons.push(`query parameter ${name}=${values[0]} does not match ${String(check)}`);
  }
  for (const name of Object.keys(required)) if (!names.has(name)) reasons.push(`query parameter ${name} is missing`);
}

/** Every way the request departs from the shape (an empty list: it matches). */
export function mismatches(shape: Shape, facts: RequestFacts): string[] {
  const reasons: string[] = [];
  if (shape.key !== "any") {
    const { kind, problem } = keyKind(facts);
    if (kind !== shape.key) reasons.push(`credentials: expected the ${shape.key} ${shape.key === "user" ? "access token" : "key"}, got ${kind ?? problem}`);
  }
  if (shape.service === "rest") {
    const required: Record<string, ParamSpec> = { ...shape.params };
    if (shape.select !== undefined) required.select = shape.select;
    checkParams(facts, required, shape.optional ?? {}, reasons);
    const prefer = preferTokens(facts.headers["prefer"]).join(", ");
    const wanted = [...(shape.prefer ?? [])].sort().join(", ");
    if (prefer !== wanted) reasons.push(`Prefer is "${prefer}", expected "${wanted}"`);
    const accept = facts.headers["accept"];
    const single = accept === "application/vnd.pgrst.object+json";
    if (single !== !!shape.single || (!single && accept && !["*/*", "application/json"].includes(accept))) {
      reasons.push(`Accept is ${accept ?? "absent"}, expected ${shape.single ? "application/vnd.pgrst.object+json" : "the default"}`);
    }
    const profile = facts.method === "GET" || facts.method === "HEAD" ? "accept-profile" : "content-profile";
    if (facts.headers[profile] !== undefined && facts.headers[profile] !== "public") reasons.push(`${profile} is ${facts.headers[profile]}`);
  } else {
    checkParams(facts, shape.query ?? {}, {}, reasons);
    if (shape.service === "auth" && facts.headers["x-supabase-api-version"] !== "2024-01-01") {
      reasons.push(`X-Supabase-Api-Version is ${facts.headers["x-supabase-api-version"] ?? "missing"}, expected 2024-01-01`);
    }
  }
  for (const [name, check] of Object.entries(shape.headers ?? {})) {
    const value = facts.headers[name];
    if (value === undefined) reasons.push(`header ${name} is missing`);
    else if (!checkParam(check, value)) reasons.push(`header ${name}: ${value} does not match ${String(check)}`);
  }
  checkBody(shape.body, facts, reasons, shape.binaryBody ? "binary" : shape.arrayBody ? "array" : "json");
  return reasons;
}

/** The shapes a request could have meant (same service, method and table or path). */
export function candidates(shapes: readonly Shape[], facts: RequestFacts): Shape[] {
  return shapes.filter((shape) =>
    shape.service === "rest"
      ? facts.service === "rest" && shape.method === facts.method && `/${shape.table}` === facts.path
      : shape.service === facts.service && shape.method === facts.method && shape.path.test(facts.path),
  );
}
