// The double's control endpoints, for tests (never part of Supabase's API):
//   POST /__double/reset[?log=clear]    reseed the data (and sessions, clock); ?log=clear also forgets requests,
//                                       violations and coverage (kept by default, so a suite can sum them up)
//   GET  /__double/violations[?since=N] requests that matched no allowed shape: [{ seq, method, url, reasons }]
//                                       (not those a test provoked on purpose with the X-Double-Probe header)
//   GET  /__double/coverage[?format=text] matches per SPEC §7 line and per shape (coverage.ts)
//   GET  /__double/requests[?since=N]   every request: [{ seq, method, url, credentials, shape, status, violation }]
//   POST /__double/people               body: PersonFixture[] — sign-in accounts with users rows and links
//   GET  /__double/tables/<name>        a table's rows (jsonb as JSON); auth.users and auth.sessions without secrets
//   GET  /__double/storage              the objects in the media bucket: [{ id, bucket, name, contentType,
//                                       cacheControl, size, createdAt, seeded }] (seeded: a sample image of seed/media)
//   GET  /__double/storage/<path>       one object's bytes, with its Content-Type (404 when it is not there)
//   GET  /__double/files                the objects in the private bucket of orders' files, listed as above (apart
//                                       from the images, so counting one bucket never counts the other)
//   GET  /__double/files/<key>          one of those objects' bytes, with its Content-Type (404 when it is not there)
//   DELETE /__double/tables/<name>      empties a public table (e.g. no company row)
//   PATCH /__double/tables/<name>       body: { where: { column: value, … }, set: { column: value, … } } — changes
//                                       rows of a public table directly (e.g. a device row last seen long ago);
//                                       answers the changed rows
//   POST /__double/gotrue               body: { rejectBannedAccessTokens } — false: behave as GoTrue before v2.196.0,
//                                       which accepts a banned user's unexpired access token (a reset restores true)
// Every answer of the double carries X-Double-Last-Seq: the number of requests recorded so far.
//   POST /__double/clock                body: { advanceSeconds } — moves the double's clock (token expiry)
//   POST /__double/faults               body: { shape, status?, code?, message?, times? } — the next `times` (1) requests
//                                       matching that shape id are answered with that failure (500 unexpected_failure)
//                                       and not served: a service that fails once (a reset disarms every fault)
import type { DoubleResponse } from "./postgrest";
import { coverage, formatCoverage, SHAPES } from "./coverage";
import { isTable, jsonValue, SCHEMA } from "./schema";
import type { DoubleContext, Fault } from "./server";
import type { PersonFixture } from "./state";

const json = (status: number, body: unknown): DoubleResponse => ({ status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export function handleControl(context: DoubleContext, method: string, url: URL, rawBody: string): DoubleResponse {
  const route = `${method} ${url.pathname.replace(/^\/__double/, "")}`;
  const since = Number(url.searchParams.get("since") ?? 0);
  const { state } = context;

  if (route === "POST /reset") {
    state.reset(context.seed);
    context.clockOffsetMs = 0;
    context.auth.rejectBannedAccessTokens = true;
    context.faults.clear();
    if (url.searchParams.get("log") === "clear") {
      context.requests.length = 0;
      context.counts.clear();
    }
    return { status: 204, headers: {} };
  }
  if (route === "GET /violations") {
    const violations = context.requests.filter((request) => request.violation && !request.probe && request.seq > since);
    return json(
      200,
      violations.map(({ seq, method: verb, url: target, violation }) => ({ seq, method: verb, url: target, reasons: violation })),
    );
  }
  if (route === "GET /requests")
    return json(
      200,
      context.requests.filter((request) => request.seq > since),
    );
  if (route === "GET /storage") return json(200, state.storage.list("media"));
  if (route === "GET /files") return json(200, state.storage.list("files"));
  const object = /^GET \/(storage|files)\/(.+)$/.exec(route);
  if (object) {
    const stored = state.storage.get(decodeURIComponent(object[2]!), object[1] === "files" ? "files" : "media");
    if (!stored) return json(404, { message: `no object ${object[2]}` });
    return { status: 200, headers: { "content-type": stored.contentType }, body: stored.body };
  }
  if (route === "GET /coverage") {
    const report = coverage(context.counts, context.requests.filter((request) => request.violation && !request.probe).length);
    return url.searchParams.get("format") === "text"
      ? { status: 200, headers: { "content-type": "text/plain; charset=utf-8" }, body: formatCoverage(report) }
      : json(200, report);
  }
  if (route === "POST /people") {
    try {
      return json(201, state.addPeople(JSON.parse(rawBody) as PersonFixture[]));
    } catch (error) {
      return json(400, { message: error instanceof Error ? error.message : String(error) });
    }
  }
  if (route === "POST /clock") {
    const { advanceSeconds } = JSON.parse(rawBody || "{}") as { advanceSeconds?: number };
    context.clockOffsetMs += (advanceSeconds ?? 0) * 1000;
    return json(200, { offsetSeconds: context.clockOffsetMs / 1000 });
  }
  if (route === "POST /faults") {
    const {
      shape,
      status = 500,
      code = "unexpected_failure",
      message = "Unexpected failure (armed by the test)",
      times = 1,
    } = JSON.parse(rawBody || "{}") as Partial<Fault> & { shape?: string };
    if (!shape || !SHAPES.some((known) => known.id === shape)) return json(400, { message: `no shape ${String(shape)}` });
    context.faults.set(shape, { status, code, message, times });
    return json(200, context.faults.get(shape));
  }
  if (route === "POST /gotrue") {
    const { rejectBannedAccessTokens } = JSON.parse(rawBody || "{}") as { rejectBannedAccessTokens?: boolean };
    if (typeof rejectBannedAccessTokens === "boolean") context.auth.rejectBannedAccessTokens = rejectBannedAccessTokens;
    return json(200, { rejectBannedAccessTokens: context.auth.rejectBannedAccessTokens });
  }
  const patched = /^PATCH \/tables\/(.+)$/.exec(route)?.[1];
  if (patched && isTable(patched)) {
    const { where = {}, set = {} } = JSON.parse(rawBody || "{}") as { where?: Record<string, unknown>; set?: Record<string, unknown> };
    const targets = state.tables[patched].filter((row) => Object.entries(where).every(([column, value]) => row[column] === value));
    try {
      return json(
        200,
        state.write(
          patched,
          "update",
          targets.map((row) => ({ ...row, ...set })),
        ),
      );
    } catch (error) {
      return json(400, { message: error instanceof Error ? error.message : String(error) });
    }
  }
  const emptied = /^DELETE \/tables\/(.+)$/.exec(route)?.[1];
  if (emptied && isTable(emptied)) {
    state.deleteWhere(emptied, () => true);
    return { status: 204, headers: {} };
  }
  const table = /^GET \/tables\/(.+)$/.exec(route)?.[1];
  if (table === "auth.users") {
    return json(
      200,
      [...state.authUsers.values()].map(({ id, email, password, emailConfirmedAt, recovery, lastSignInAt, bannedUntil, metadata }) => ({
        id,
        email,
        hasPassword: password !== null,
        confirmed: emailConfirmedAt !== null,
        recoveryPending: recovery !== null,
        lastSignInAt,
        bannedUntil,
        metadata,
      })),
    );
  }
  if (table === "auth.sessions")
    return json(
      200,
      [...state.sessions.values()].map(({ id, userId, createdAt }) => ({ id, userId, createdAt })),
    );
  if (table && isTable(table)) {
    const columns = SCHEMA[table].columns;
    return json(
      200,
      state.tables[table].map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, jsonValue(columns[name], value)]))),
    );
  }
  return json(404, { message: `no control endpoint ${route}` });
}
