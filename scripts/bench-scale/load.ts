// Builds a throwaway local state for the scale benchmark: the sample state exactly as `npm run dev` makes it
// (scripts/local-setup.ts: migrations, sample content), then the generated rows on top, through the same D1 the
// served worker reads (storageProxy, getPlatformProxy). Never the developer's .wrangler/state.
//
// Rows go in as plain INSERTs into the base tables, so every trigger a migration defines (search indexes, counters,
// the call log's id checks) maintains its derived data exactly as it would for rows the app writes. Each statement
// binds ONE parameter, a JSON array of a few thousand rows, unpacked by json_each: D1 allows at most 100 bound
// parameters per statement, and a few hundred big statements load ~1 million rows in well under a minute.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { Rng } from "../fuzz/prng";
import { INTERPRETER_EMAIL } from "../fuzz/sessions";
import { storageProxy } from "../lib/storage-proxy";
import { quietCloudflareEnv } from "../lib/wrangler";
import { scaledVolumes, type Existing, type TableRows } from "./generate";
import { generateLogs } from "./generate-logs";
import { generateOrders } from "./generate-orders";
import { generatePeople, type Person } from "./generate-people";
import { SURNAMES } from "./names";

/** What a loaded state holds and how it was made: written beside the state, read by run.ts (also with --keep). */
export type Manifest = {
  format: 1;
  seed: number;
  scale: number;
  /** The generator's "now" (epoch ms): dates spread over the three years before it. */
  now: number;
  migrations: string[];
  seconds: { setup: number; generate: number; insert: number; total: number };
  /** Rows inserted per table (not counting the sample content). */
  rows: Record<string, number>;
  /** A surname that exists (the biggest customer's): what the searches look for. */
  surname: string;
  topCustomer: { id: number; orders: number };
  acceptedOrderId: number;
  jobsInterpreter: { email: string; jobs: number };
  callsByYear: Record<string, number>;
};

const MANIFEST = "bench-manifest.json";
/** Largest JSON text bound to one statement: D1 refuses strings over ~2 MB; half of that leaves room. */
const MAX_CHUNK_BYTES = 1_000_000;
const MAX_CHUNK_ROWS = 5_000;

export const migrationFiles = () =>
  readdirSync("migrations")
    .filter((file) => file.endsWith(".sql"))
    .sort();

export function readManifest(state: string): Manifest | null {
  const file = join(state, MANIFEST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : null;
}

/** Deletes `state`, makes the sample state in it, and adds the generated rows at `scale` (1 = the volumes). */
export async function buildState(
  state: string,
  { scale, seed, now, note }: { scale: number; seed: number; now: number; note: (message: string) => void },
): Promise<Manifest> {
  const started = performance.now();
  rmSync(state, { recursive: true, force: true });
  // The sample state as everyone else gets it; its output goes to stderr, so stdout keeps only the report.
  const setup = spawnSync("node_modules/.bin/tsx", ["scripts/local-setup.ts", "--persist-to", state], { stdio: ["ignore", 2, 2], env: quietCloudflareEnv });
  if (setup.status !== 0) throw new Error(`scripts/local-setup.ts --persist-to ${state} failed (exit ${setup.status})`);
  const setupDone = performance.now();

  const { env, dispose } = await storageProxy(state);
  try {
    const db = env.DB;
    const existing = await readExisting(db);
    const volumes = scaledVolumes(scale);
    const rng = new Rng(seed);
    const jobsPerson = existing.people.find((person) => person.email === INTERPRETER_EMAIL);
    if (!jobsPerson) throw new Error(`The sample state has no ${INTERPRETER_EMAIL}: seed/content.ts changed?`);
    const jobsInterpreter: Person = { id: jobsPerson.id, fullName: jobsPerson.fullName, email: jobsPerson.email, languageIds: jobsPerson.languageIds };

    const people = generatePeople(rng, now, volumes.interpreters, existing, INTERPRETER_EMAIL);
    const orders = generateOrders(rng, now, volumes, existing, people, jobsInterpreter);
    const logs = generateLogs(rng, now, volumes, existing, people);
    const tables = [...people.tables, ...orders.tables, ...logs.tables]; // parents before children (foreign keys)
    const generated = performance.now();
    note(`generated ${tables.reduce((sum, table) => sum + table.rows.length, 0).toLocaleString("en-US")} rows in ${seconds(setupDone, generated)} s`);

    const rows: Record<string, number> = {};
    for (const table of tables) {
      const tableStarted = performance.now();
      rows[table.table] = await insertRows(db, table);
      note(`  ${table.table}: ${table.rows.length.toLocaleString("en-US")} rows in ${seconds(tableStarted, performance.now())} s`);
    }
    const inserted = performance.now();

    const manifest: Manifest = {
      format: 1,
      seed,
      scale,
      now,
      migrations: migrationFiles(),
      seconds: {
        setup: seconds(started, setupDone),
        generate: seconds(setupDone, generated),
        insert: seconds(generated, inserted),
        total: seconds(started, inserted),
      },
      rows,
      surname: SURNAMES[0],
      topCustomer: orders.topCustomer,
      acceptedOrderId: orders.acceptedOrderId,
      jobsInterpreter: { email: INTERPRETER_EMAIL, jobs: orders.jobs },
      callsByYear: logs.callsByYear,
    };
    writeFileSync(join(state, MANIFEST), JSON.stringify(manifest, null, 2));
    return manifest;
  } finally {
    // Before anything serves this state: two workerd processes must not write one SQLite file.
    await dispose();
  }
}

const seconds = (from: number, to: number) => Math.round((to - from) / 100) / 10;

async function readExisting(db: D1Database): Promise<Existing> {
  const all = async <T>(sql: string) => (await db.prepare(sql).all<T>()).results;
  const links = await all<{ user_id: string; language_id: number }>("SELECT user_id, language_id FROM user_languages");
  const people = await all<{ id: string; email: string; full_name: string; role: string }>("SELECT id, email, full_name, role FROM users");
  const hash = await db.prepare("SELECT password_hash FROM accounts WHERE email = ?").bind(INTERPRETER_EMAIL).first<{ password_hash: string }>();
  const max = async (table: string) => (await db.prepare(`SELECT COALESCE(MAX(id), 0) AS n FROM ${table}`).first<{ n: number }>())!.n;
  if (!hash) throw new Error(`No account ${INTERPRETER_EMAIL} in the sample state`);
  return {
    languages: await all<{ id: number; name: string }>("SELECT id, name FROM languages ORDER BY id"),
    services: await all<{ id: number; title: string }>("SELECT id, title FROM services ORDER BY position, id"),
    people: people.map((person) => ({
      id: person.id,
      email: person.email,
      fullName: person.full_name,
      role: person.role,
      languageIds: links.filter((link) => link.user_id === person.id).map((link) => link.language_id),
    })),
    passwordHash: hash.password_hash,
    maxIds: { orders: await max("orders"), customers: await max("customers") },
  };
}

/** INSERT … SELECT json_extract(value, '$[i]') … FROM json_each(?) per chunk; answers the rows the database took. */
async function insertRows(db: D1Database, { table, columns, rows }: TableRows): Promise<number> {
  const values = columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(", ");
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values} FROM json_each(?)`);
  let written = 0;
  for (const chunk of chunks(rows)) {
    const result = await statement.bind(chunk).run();
    written += result.meta.changes ?? 0;
  }
  // meta.changes also counts rows that triggers changed: the row count of the input is what was asked for.
  if (written < rows.length) throw new Error(`${table}: ${rows.length} rows sent, ${written} changes reported`);
  return rows.length;
}

/** The rows as JSON texts of at most MAX_CHUNK_ROWS rows and about MAX_CHUNK_BYTES each. */
function* chunks(rows: unknown[][]): Generator<string> {
  let parts: string[] = [];
  let bytes = 2;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (parts.length > 0 && (parts.length >= MAX_CHUNK_ROWS || bytes + text.length + 1 > MAX_CHUNK_BYTES)) {
      yield `[${parts.join(",")}]`;
      parts = [];
      bytes = 2;
    }
    parts.push(text);
    bytes += text.length + 1;
  }
  if (parts.length > 0) yield `[${parts.join(",")}]`;
}
