// `npm test`: every check of the project, in stages. Within a stage the checks are independent and mostly
// single-threaded (tsc, ESLint, PGlite), so two run side by side on a two-core machine; each one's output is printed
// whole when it ends, with its time, so a CI log reads in order. The first failure stops the run after its stage.
// Lighthouse and the browser tests run alone: their timings and scores need a quiet machine.
//   npx tsx scripts/run-tests.ts [--jobs N]
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { jobs: { type: "string", default: "2" } } });
const jobs = Math.max(1, Number(values.jobs));

type Check = { name: string; command: string };
/**
 * Each stage's checks, slowest first so the long one starts at once and the short ones share the other lane. The
 * vitest suites and the fuzz campaign use both cores each: one stage of them all beside the one-core checks was tried
 * and measured slower (every check 1.5–2× longer; the stages together 440 s instead of 300).
 */
const STAGES: Check[][] = [
  // The generated types (the worker's bindings, the routes' types) that the type check and the linter read. The
  // secrets' names come from .dev.vars.example, not from a .dev.vars that `npm run dev` may or may not have written:
  // otherwise the same code typed (and linted) differently on a fresh clone and on a machine that ran the site.
  [{ name: "generated types", command: "wrangler types --env-file .dev.vars.example && react-router typegen" }],
  [
    { name: "lint", command: "npm run -s lint" },
    { name: "typecheck", command: "tsc" },
    { name: "import rules", command: "npm run -s lint:imports" },
    { name: "format", command: "npm run -s format:check" },
    { name: "README map", command: "tsx scripts/check-readme-map.ts" },
    { name: "Arabic font subset", command: "tsx scripts/subset-arabic-font.ts --check" },
  ],
  [
    { name: "integration tests", command: "vitest run" },
    { name: "RLS tests", command: "npm run -s test:rls" },
    { name: "Supabase contract tests", command: "npm run -s test:contract" },
  ],
  [{ name: "build", command: "npm run -s build" }],
  [{ name: "Lighthouse", command: "tsx scripts/lighthouse.ts" }],
  [{ name: "fuzz campaign", command: "tsx scripts/fuzz/run.ts" }],
  [{ name: "browser tests", command: "playwright test" }],
];

type Outcome = { check: Check; code: number; seconds: number; output: string };

function run(check: Check, live: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    // npm's own bin folder first, as `npm run` would put it.
    const child = spawn(check.command, {
      shell: true,
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, PATH: `node_modules/.bin:${process.env.PATH}`, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
    });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) =>
      resolve({ check, code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000, output: Buffer.concat(chunks).toString() }),
    );
  });
}

/** Runs a stage's checks, at most `jobs` at a time, printing each as it ends. */
async function runStage(stage: Check[]): Promise<Outcome[]> {
  const queue = [...stage];
  const outcomes: Outcome[] = [];
  const live = stage.length === 1;
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      if (!live) console.log(`▶ ${check.name}: ${check.command}`);
      const outcome = await run(check, live);
      if (outcome.output) process.stdout.write(`\n── ${check.name} ──\n${outcome.output}`);
      console.log(`${outcome.code === 0 ? "✔" : "✘"} ${check.name}: ${outcome.seconds.toFixed(1)} s${outcome.code === 0 ? "" : ` (exit ${outcome.code})`}\n`);
      outcomes.push(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, stage.length) }, lane));
  return outcomes;
}

const all: Outcome[] = [];
let failed = false;
for (const stage of STAGES) {
  const outcomes = await runStage(stage);
  all.push(...outcomes);
  if (outcomes.some((outcome) => outcome.code !== 0)) {
    failed = true;
    break;
  }
}

console.log("Times:");
for (const outcome of all) console.log(`  ${outcome.code === 0 ? "✔" : "✘"} ${outcome.check.name.padEnd(26)} ${outcome.seconds.toFixed(1).padStart(7)} s`);
if (failed)
  console.log(
    `\nFailed: ${all
      .filter((outcome) => outcome.code !== 0)
      .map((outcome) => outcome.check.name)
      .join(", ")}`,
  );
process.exit(failed ? 1 : 0);
