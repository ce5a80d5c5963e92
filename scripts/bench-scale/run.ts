// `npm run bench:scale`: how the dashboard's lists hold up at the issue's volumes (100,000 orders, 50,000 customers,
// 2,000 interpreters, 200,000 calls, 300,000 security events, 20,000 contact messages). Not a test and not part of
// `npm test`: it takes a few minutes and ~300 MB of throwaway state under .tmp/bench-scale.
//
//   npm run bench:scale [-- --port 8975 --runs 20 --keep --strict --scale 1 --seed 23]
//
// Two states are made with the same generator (load.ts): "sample" (the sample content plus 1/1000 of the volumes,
// so every list has rows and every id-request a target) and "large" (the full volumes). The built worker is served
// on each in turn (scripts/serve-build.ts through scripts/fuzz/server.ts, state kept), signed in as the sample admin
// and interpreter, and every request of requests.ts is timed 20 times in a row after 2 warm-ups, one connection
// each. The report goes to stdout (progress to stderr): a markdown table for the README, the CSV's row count
// check, the machine, the load time, and the issue's targets each row misses.
//
// --keep reuses states a previous run loaded (their manifest says how); --strict exits 1 when a target is missed.
// Exits 1 when any measured request answered 5xx (or anything but 200), after printing everything.
import { rmSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { signIn } from "../fuzz/sessions";
import { checkBuildAndPort, exitOnInterrupt, startServer, type Server } from "../fuzz/server";
import { FULL_VOLUMES } from "./generate";
import { buildState, migrationFiles, readManifest, type Manifest } from "./load";
import { percentile, timedGet, type Timed } from "./measure";
import { csvLines, problemsOf, table, TARGETS, size, type Measured, type Row } from "./report";
import { headersFor, planCases, SIGN_IN_AS, type Role } from "./requests";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8975" },
    runs: { type: "string", default: "20" },
    keep: { type: "boolean", default: false },
    strict: { type: "boolean", default: false },
    scale: { type: "string", default: "1" },
    seed: { type: "string", default: "23" },
  },
});
const port = Number(values.port);
const runs = Number(values.runs);
const scale = Number(values.scale);
const seed = Number(values.seed);
if (![port, runs, seed].every((n) => Number.isInteger(n) && n > 0) || !(scale > 0 && scale <= 1)) {
  throw new Error("--port, --runs and --seed take whole numbers above 0; --scale a number in (0, 1]");
}
const WARM_UPS = 2;
const ROOT = ".tmp/bench-scale"; // throwaway, git-ignored; never .wrangler/state
const STATES = [
  { name: "sample", dir: `${ROOT}/sample`, scale: 1 / 1000 },
  { name: "large", dir: `${ROOT}/large`, scale },
] as const;
type StateName = (typeof STATES)[number]["name"];

const note = (message: string) => process.stderr.write(`bench:scale: ${message}\n`);

await checkBuildAndPort(port, "npm run bench:scale");
exitOnInterrupt((signal) => note(`interrupted (${signal}), server stopped`));

const started = performance.now();
const now = Date.now(); // one "now" for both states built in this run
const manifests = {} as Record<StateName, Manifest & { kept: boolean }>;
for (const state of STATES) {
  const kept = values.keep ? readManifest(state.dir) : null;
  if (kept) {
    note(`${state.name}: reusing ${state.dir} (loaded ${new Date(kept.now).toISOString()}, scale ${kept.scale})`);
    if (kept.migrations.join() !== migrationFiles().join()) note(`${state.name}: migrations changed since it was loaded; the server applies new ones on start`);
    manifests[state.name] = { ...kept, kept: true };
  } else {
    note(`${state.name}: loading ${state.dir} at scale ${state.scale}`);
    manifests[state.name] = { ...(await buildState(state.dir, { scale: state.scale, seed, now, note })), kept: false };
    note(`${state.name}: loaded in ${manifests[state.name].seconds.total} s`);
  }
}

// The CSV's year: the last whole year before the large state's "now", asked of both states.
const csvYear = new Date(manifests.large.now).getUTCFullYear() - 1;
const measured = {} as Record<StateName, Measured[]>;
for (const state of STATES) measured[state.name] = await measureState(state.name, state.dir);

const rows: Row[] = measured.sample.map((sample) => ({
  label: sample.case.label,
  sample,
  large: measured.large.find((large) => large.case.label === sample.case.label) ?? null,
}));
print(rows);
const problems = rows.map((row) => ({ row, ...problemsOf(row, rows) }));
const failed = problems.filter((p) => p.failures.length > 0);
const missed = problems.filter((p) => p.misses.length > 0);
if (failed.length > 0) process.exit(1);
process.exit(values.strict && missed.length > 0 ? 1 : 0);

async function measureState(name: StateName, dir: string): Promise<Measured[]> {
  const log = `${ROOT}/${name}-server.log`;
  rmSync(log, { force: true });
  note(`${name}: starting the built worker on 127.0.0.1:${port} (state ${dir}, log ${log})`);
  const server: Server = await startServer(port, dir, log, { fresh: false });
  try {
    const cookies = {} as Record<Role, string>;
    for (const role of ["admin", "interpreter"] as const) cookies[role] = await signIn(port, SIGN_IN_AS[role]);
    const cases = await planCases(port, cookies, manifests[name], csvYear);
    // One pass over every request before any is timed: the first requests after a start pay for compiling the
    // worker's modules, which would otherwise land on whichever row comes first.
    for (const each of cases) if (each.path) await timedGet(port, each.path, { headers: headersFor(cookies[each.as]) });
    const results: Measured[] = [];
    for (const each of cases) {
      if (each.path === null) {
        results.push({ case: each, runs: [] });
        continue;
      }
      const options = { headers: headersFor(cookies[each.as]), countCsvRows: Boolean(each.csv) };
      // Warm-ups: workerd compiles the code a route needs on first use, and SQLite reads its pages into memory.
      for (let i = 0; i < WARM_UPS; i++) await timedGet(port, each.path, options);
      const timings: Timed[] = [];
      for (let i = 0; i < runs; i++) timings.push(await timedGet(port, each.path, options));
      if (server.exited()) throw new Error(`The server exited while measuring ${each.path}: see ${log}`);
      const p50 = percentile(
        timings.map((run) => run.ms),
        50,
      );
      note(`${name}: ${each.path} → ${[...new Set(timings.map((run) => run.status))].join("/")} p50 ${Math.round(p50)} ms, ${size(timings[0]!.bytes)}`);
      results.push({ case: each, runs: timings });
    }
    return results;
  } finally {
    await server.stop();
  }
}

function print(rows: Row[]): void {
  const large = manifests.large;
  const cpus = os.cpus();
  const count = (table: string) => (large.rows[table] ?? 0).toLocaleString("en-US");
  const totalSeconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `Scale benchmark, ${new Date().toISOString().slice(0, 10)}: node ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? "?"}), ` +
      `${runs} sequential requests per row after ${WARM_UPS} warm-ups, one connection each; seed ${large.seed}.`,
  );
  console.log("");
  console.log(
    `Large state (scale ${large.scale}): ${count("orders")} orders (${count("order_targets")} targets, ${count("order_quotes")} quotes), ` +
      `${count("customers")} customers, ${count("accounts")} interpreters with ${count("user_languages")} language links, ${count("call_log")} calls, ` +
      `${count("security_events")} security events, ${count("contact_messages")} contact messages` +
      `${large.scale === 1 ? "" : ` (--scale ${large.scale}: not the issue's ${FULL_VOLUMES.orders.toLocaleString("en-US")} orders …)`}.`,
  );
  console.log(
    `Loaded in ${large.seconds.total} s: sample state ${large.seconds.setup} s, generating ${large.seconds.generate} s, inserting ${large.seconds.insert} s` +
      `${large.kept ? ` (loaded by an earlier run on ${new Date(large.now).toISOString().slice(0, 10)}, reused with --keep)` : ""}. Whole run: ${totalSeconds} s.`,
  );
  console.log(
    `Sample state: the sample content plus the same generator at scale ${manifests.sample.scale} (${manifests.sample.rows.orders ?? 0} orders, ` +
      `${manifests.sample.rows.call_log ?? 0} calls …), so every list has rows and every id-request a target.`,
  );
  console.log("");
  console.log(table(rows));
  console.log("");
  for (const line of csvLines(rows)) console.log(line);
  console.log(
    `- Jobs of ${large.jobsInterpreter.email}: ${manifests.sample.jobsInterpreter.jobs} (sample), ${large.jobsInterpreter.jobs} (large); ` +
      `orders of the biggest customer: ${manifests.sample.topCustomer.orders} (sample), ${large.topCustomer.orders} (large).`,
  );
  for (const row of rows) {
    const [s, l] = [row.sample?.case.path, row.large?.case.path];
    if (s && l && s !== l) console.log(`- \`${row.label}\`: sample \`${s}\`, large \`${l}\``);
  }
  console.log("");
  const problems = rows.map((row) => ({ row, ...problemsOf(row, rows) })).filter((p) => p.misses.length || p.failures.length);
  console.log(
    `Targets (pages): p50 ≤ ${TARGETS.p50Ms} ms, ≤ ${TARGETS.ratio}× the sample's p50, HTML ≤ ${size(TARGETS.htmlBytes)}, last Orders page ≤ ${TARGETS.lastPageRatio}× the first; the CSV: every call.`,
  );
  if (problems.length === 0) console.log("All targets met.");
  for (const { row, misses, failures } of problems) console.log(`✗ ${row.label}: ${[...failures, ...misses].join("; ")}`);
}
