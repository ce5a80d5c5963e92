// Throughput of the built worker (`npm run bench`): a static asset, `/` from the edge cache, `/` with the
// cache bypassed, and `/Services` from the cache — one after the other in ONE run, with autocannon.
// Not a test: no thresholds. Absolute figures depend on the machine (on 2 cores autocannon competes with
// workerd for CPU), so the table also gives each case's requests/s as a ratio of the static asset's, which
// is what can be compared between runs and machines. The output block is meant to be pasted into the README.
//
//   npm run bench [-- --port 8960 --duration 10 --connections 8]
//
// Exits 1 when any case had a non-2xx answer or a connection error (after printing everything).
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { send } from "./fuzz/http";
import { checkBuildAndPort, exitOnInterrupt, startServer, type Server } from "./fuzz/server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8960" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
  },
});
const port = Number(values.port);
const duration = Number(values.duration);
const connections = Number(values.connections);
if (![port, duration, connections].every((n) => Number.isInteger(n) && n > 0)) {
  throw new Error("--port, --duration (seconds) and --connections take whole numbers above 0");
}
const origin = `http://127.0.0.1:${port}`;
const state = `.tmp/bench-${port}`; // throwaway: serve-build --fresh recreates it from the sample content
const log = `${state}/server.log`;
const WARM_UP_SECONDS = 2;

type Case = { name: string; path: string; headers: Record<string, string> };
type Measured = Case & { edgeCache: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };

// Progress goes to stderr, so that stdout carries only the block to paste.
const note = (message: string) => process.stderr.write(`bench: ${message}\n`);

// Never measure (or stop) a server that is not ours, e.g. a colleague's `npm start`.
await checkBuildAndPort(port, "npm run bench");

let server: Server | undefined;
exitOnInterrupt((signal) => note(`interrupted (${signal}), server stopped`));

let results: Measured[];
try {
  note(`starting the built worker on ${origin} (state ${state}, log ${log})`);
  server = await startServer(port, state, log);
  results = await measureAll(server);
} finally {
  // Also when a step above throws: the error is reported only after the server is gone.
  await server?.stop();
}
const failed = results.filter((result) => result.non2xx > 0 || result.errors > 0);
print(results);
for (const result of failed) console.log(`✗ ${result.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors (log: ${log})`);
process.exit(failed.length > 0 ? 1 : 0);

async function measureAll(server: Server): Promise<Measured[]> {
  // The stylesheet the home page links: its hashed name changes with every build.
  const home = await send(port, { method: "GET", target: "/", headers: {} });
  if (home.status !== 200) throw new Error(`GET / answered ${home.status || home.error}`);
  const css = /<link\b[^>]*\brel="stylesheet"[^>]*>/.exec(home.body.toString("utf8"))?.[0].match(/\bhref="(\/assets\/[^"]+\.css)"/)?.[1];
  if (!css) throw new Error('GET / links no stylesheet <link rel="stylesheet" href="/assets/….css">');

  const cases: Case[] = [
    { name: `static ${css}`, path: css, headers: {} },
    { name: "/ (cache)", path: "/", headers: {} },
    // The edge cache bypasses any request carrying a cookie outside its small allowlist.
    { name: "/ (bypass)", path: "/", headers: { Cookie: "bench=bypass" } },
    { name: "/Services (cache)", path: "/Services", headers: {} },
  ];

  // Warm-up: workerd compiles the worker's code on first use, D1's pages get read, and the cached
  // cases' entries get stored, so the measured seconds see the steady state and not the first request.
  note(`warming up: ${WARM_UP_SECONDS} s per case`);
  for (const each of cases) await load(each, WARM_UP_SECONDS);

  const measured: Measured[] = [];
  for (const each of cases) {
    // One request first, to see how the cache answers this case after warm-up (absent before the cache exists).
    const probe = await send(port, { method: "GET", target: each.path, headers: each.headers });
    const edgeCache = String(probe.headers["x-edge-cache"] ?? "—");
    note(`${each.name}: ${duration} s, ${connections} connections (X-Edge-Cache: ${edgeCache})`);
    const result = await load(each, duration);
    // A server that died mid-run would show as errors; say so plainly instead.
    if (server.exited()) throw new Error(`The server exited during "${each.name}": see ${log}`);
    measured.push({
      ...each,
      edgeCache,
      rps: result.requests.mean,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors, // connection errors, timeouts included
    });
  }
  return measured;
}

function load(each: Case, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url: origin + each.path, headers: each.headers, connections, duration: seconds });
}

function print(results: Measured[]): void {
  const base = results[0]!.rps; // the static asset: what the worker's own work is compared to
  const head = ["case", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "X-Edge-Cache", "vs static"];
  const rows = results.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(0),
    r.p99.toFixed(0),
    String(r.non2xx),
    String(r.errors),
    r.edgeCache,
    `${(r.rps / base).toFixed(2)}×`,
  ]);
  // Left-align the text columns, right-align the figures.
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === 6 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd();
  const cpus = os.cpus();
  const { version } = JSON.parse(readFileSync("node_modules/autocannon/package.json", "utf8")) as { version: string };
  console.log("```text");
  console.log(
    `node ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? "?"}), ${duration} s per case, ` +
      `${connections} connections, autocannon ${version}, ${new Date().toISOString().slice(0, 10)}`,
  );
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  console.log("```");
}
