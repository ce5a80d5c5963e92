// The double's HTTP server: every request to /rest/v1, /auth/v1 or /storage/v1 is first matched against the
// table of allowed request shapes (coverage.ts SHAPES); a request that matches none is answered with an
// error and recorded as a violation. Matched requests are served by the PostgREST (with /rpc: rpc.ts), GoTrue and
// Storage fakes over one in-memory state. Control endpoints live under /__double/ (control.ts).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleControl } from "./control";
import { SHAPES } from "./coverage";
import { handleAuth, type AuthContext } from "./gotrue";
import { signJwt, verifyJwt } from "./jwt";
import { candidates, keyKind, mismatches, type KeyKind, type RequestFacts, type Shape } from "./match";
import { handleRest, pgErrorResponse, type DoubleResponse } from "./postgrest";
import { handleRpc } from "./rpc";
import { PgError } from "./schema";
import { DoubleState } from "./state";

export type DoubleOptions = {
  port?: number;
  host?: string;
  /** The public key. Default: a JWT with role anon, signed by this double. */
  anonKey?: string;
  /** The service-role key. Default: a JWT with role service_role, signed by this double. */
  serviceRoleKey?: string;
  /** Load the sample content of seed/content.ts (default true). */
  seed?: boolean;
  /** The public Storage bucket of the images (default "media", as SUPABASE_MEDIA_BUCKET). */
  mediaBucket?: string;
  /** The private Storage bucket of orders' files (default "order-files", as SUPABASE_FILES_BUCKET). */
  filesBucket?: string;
  accessTokenTtlSeconds?: number;
  /** How long a recovery link's token is valid (GoTrue's mailer OTP expiry; default 3600). */
  recoveryTtlSeconds?: number;
};

export type RecordedRequest = {
  seq: number;
  at: number;
  method: string;
  url: string;
  credentials: KeyKind | null;
  shape: string | null;
  status: number;
  violation: string[] | null;
  /** Sent by a test itself (header X-Double-Probe), not by the adapter: never counted in the coverage, and
   * a violation it provokes on purpose is not counted as one. */
  probe: boolean;
};

export type DoubleContext = {
  state: DoubleState;
  auth: AuthContext;
  keys: { anon: string; service: string };
  seed: boolean;
  mediaBucket: string;
  counts: Map<string, number>;
  requests: RecordedRequest[];
  clockOffsetMs: number;
  /** Failures armed by POST /__double/faults: the next `times` requests of a shape get this answer instead. */
  faults: Map<string, Fault>;
};

export type Fault = { status: number; code: string; message: string; times: number };

export type SupabaseDouble = { url: string; server: Server; state: DoubleState; anonKey: string; serviceRoleKey: string; context: DoubleContext };

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function violationResponse(service: RequestFacts["service"], reasons: string[]): DoubleResponse {
  const message = "Request not allowed by the Supabase double (tests/support/supabase-double/shapes-*.ts)";
  const details = reasons.join("; ");
  if (service === "rest") return pgErrorResponse(new PgError(400, "DOUBLE", message, details, "Add the shape to the double if the call is right"));
  if (service === "storage")
    return {
      status: 400,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ statusCode: "400", error: "double_violation", message: `${message}: ${details}` }),
    };
  return {
    status: 400,
    headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify({ code: "double_violation", message: `${message}: ${details}` }),
  };
}

/** A failure in the service's own error shape (GoTrue `{ code, message }`, PostgREST's error, Storage's). */
function faultResponse(service: RequestFacts["service"], { status, code, message }: Fault): DoubleResponse {
  if (service === "rest") return pgErrorResponse(new PgError(status, code, message));
  if (service === "storage")
    return { status, headers: { "content-type": "application/json" }, body: JSON.stringify({ statusCode: String(status), error: code, message }) };
  return { status, headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" }, body: JSON.stringify({ code, message }) };
}

function serve(context: DoubleContext, facts: RequestFacts, shape: Shape): DoubleResponse {
  const bearer = /^Bearer (.+)$/.exec(facts.headers["authorization"] ?? "")?.[1] ?? null;
  if (facts.service === "storage") {
    return context.state.storage.handle({ method: facts.method, path: facts.path, headers: facts.headers, body: facts.body, bytes: facts.bytes });
  }
  if (facts.service === "auth") {
    const body = typeof facts.body === "object" && facts.body !== null ? (facts.body as Record<string, unknown>) : {};
    return handleAuth(context.auth, { method: facts.method, path: facts.path, params: facts.params, bearer, body });
  }
  if (shape.key === "user") {
    // PostgREST checks the JWT's signature and expiry (not whether its session still exists).
    const checked = verifyJwt(bearer ?? "", context.auth.secret, Math.floor(context.auth.nowMs() / 1000));
    if (!checked.ok) {
      return pgErrorResponse(
        checked.reason === "expired" ? new PgError(401, "PGRST303", "JWT expired") : new PgError(401, "PGRST301", "JWSError JWSInvalidSignature"),
      );
    }
  }
  const rpc = /^\/rpc\/([^/]+)$/.exec(facts.path)?.[1];
  if (rpc) return handleRpc(context.state, rpc, facts.body);
  const prefer = new Set(
    (facts.headers["prefer"] ?? "")
      .split(",")
      .map((token) => token.trim())
      .filter(Boolean),
  );
  return handleRest(context.state, {
    method: facts.method,
    table: facts.path.slice(1),
    params: facts.params,
    prefer,
    single: facts.headers["accept"] === "application/vnd.pgrst.object+json",
    body: facts.body,
  });
}

/** Matches the request against the allowed shapes, then serves it, or answers and records a violation. */
function gate(context: DoubleContext, facts: RequestFacts, url: string): DoubleResponse {
  const tried: string[] = [];
  let matched: Shape | null = null;
  for (const shape of candidates(SHAPES, facts)) {
    const reasons = mismatches(shape, facts);
    if (reasons.length === 0) {
      matched = shape;
      break;
    }
    tried.push(`${shape.id}: ${reasons.join(", ")}`);
  }
  const reasons = matched ? null : tried.length ? tried : [`no allowed request is ${facts.method} ${url.split("?")[0]}`];
  const probe = facts.headers["x-double-probe"] !== undefined;
  const fault = matched && !probe ? context.faults.get(matched.id) : undefined;
  let response: DoubleResponse;
  if (fault && fault.times > 0) {
    // An armed failure: the request is answered as the service fails, and nothing is served.
    fault.times -= 1;
    response = faultResponse(facts.service, fault);
  } else response = matched ? serve(context, facts, matched) : violationResponse(facts.service, reasons!);
  if (matched && !probe) context.counts.set(matched.id, (context.counts.get(matched.id) ?? 0) + 1);
  context.requests.push({
    seq: context.requests.length + 1,
    at: Date.now(),
    method: facts.method,
    url,
    credentials: keyKind(facts).kind,
    shape: matched?.id ?? null,
    status: response.status,
    violation: reasons,
    probe,
  });
  return response;
}

export async function startSupabaseDouble(options: DoubleOptions = {}): Promise<SupabaseDouble> {
  const secret = randomBytes(32).toString("hex");
  const forever = Math.floor(Date.now() / 1000) + 10 * 365 * 24 * 3600;
  const anonKey = options.anonKey ?? signJwt({ iss: "supabase-double", role: "anon", exp: forever }, secret);
  const serviceRoleKey = options.serviceRoleKey ?? signJwt({ iss: "supabase-double", role: "service_role", exp: forever }, secret);
  const seed = options.seed ?? true;
  const mediaBucket = options.mediaBucket ?? "media";
  const state = new DoubleState(seed, mediaBucket, options.filesBucket ?? "order-files");
  const context: DoubleContext = {
    state,
    keys: { anon: anonKey, service: serviceRoleKey },
    seed,
    mediaBucket,
    counts: new Map(),
    requests: [],
    clockOffsetMs: 0,
    faults: new Map(),
    auth: {
      state,
      secret,
      url: "",
      nowMs: () => Date.now() + context.clockOffsetMs,
      serviceRoleKey,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
      recoveryTtlSeconds: options.recoveryTtlSeconds ?? 3600,
      rejectBannedAccessTokens: true,
    },
  };
  state.nowMs = () => context.auth.nowMs();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const url = request.url ?? "/";
      const parsed = new URL(url, "http://double");
      const bytes = await readBody(request);
      const rawBody = bytes.toString("utf8");
      let reply: DoubleResponse;
      if (parsed.pathname.startsWith("/__double/")) reply = handleControl(context, request.method ?? "GET", parsed, rawBody);
      else {
        const prefix = /^\/(rest|auth|storage)\/v1(\/.*)$/.exec(parsed.pathname);
        let body: unknown;
        try {
          body = rawBody ? JSON.parse(rawBody) : undefined;
        } catch {
          body = undefined;
        }
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : value]));
        const facts: RequestFacts = {
          service: (prefix?.[1] as RequestFacts["service"]) ?? "other",
          method: request.method ?? "GET",
          path: prefix?.[2] ?? parsed.pathname,
          params: parsed.searchParams,
          headers,
          body,
          rawBody,
          bytes,
          keys: context.keys,
        };
        reply = gate(context, facts, url);
      }
      response.writeHead(reply.status, { ...reply.headers, "x-double-last-seq": String(context.requests.length) });
      response.end(request.method === "HEAD" ? undefined : reply.body);
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(`supabase double failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  };
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  context.auth.url = url;
  return { url, server, state, anonKey, serviceRoleKey, context };
}
