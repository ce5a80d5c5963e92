// Lighthouse (default mobile settings: slow 4G, 4x CPU slowdown) against the built worker, in the
// machine's Chromium, offline. Prints the four category scores of each page and fails below budget.
//
//   npm run lighthouse            (builds first)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type LighthouseResult from "lighthouse/types/lhr/lhr";

const PORT = 8790;
const BASE = `http://127.0.0.1:${PORT}`;
// The Arabic pages too (issue 12): right to left, with their own typeface, within the same budget; and the quote
// request form (issue 13), the one public page that is rendered for each visitor.
const PAGES = ["/", "/Services", "/ar", "/ar/Services", "/Quote"];
const BUDGET = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;

// The CPU slowdown is calibrated to the host in each run (calibratedSlowdown).
const REFERENCE_HOST_INDEX = 1750;
const PRESET_CPU_SLOWDOWN = 4;

const chromePath =
  process.env.CHROMIUM_PATH ?? ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].find((path) => existsSync(path));

const server = spawn("node_modules/.bin/tsx", ["scripts/serve-build.ts", "--port", String(PORT), "--state", ".tmp/lighthouse", "--fresh", "--test-secret"], {
  stdio: ["ignore", "ignore", "inherit"],
});

let failed = false;
try {
  await waitFor(`${BASE}/robots.txt`);
  // Lighthouse is meant for a quiet machine (in `npm test` it runs right after the build, before the suites that
  // fill both cores), so it waits for one (at most 30 s).
  await quietMachine();
  // Measure a warm server, as visitors meet it: the first request of a fresh worker compiles it.
  for (const path of PAGES) await (await fetch(`${BASE}${path}`)).arrayBuffer();
  for (const path of PAGES) {
    const lhr = await measured(path);
    const scores = Object.entries(BUDGET).map(([id, minimum]) => {
      const score = scoreOf(lhr, id);
      if (score < minimum) failed = true;
      return `${lhr.categories[id]?.title ?? id} ${score}${score < minimum ? ` (below ${minimum})` : ""}`;
    });
    console.log(`${path.padEnd(14)} ${scores.join(" · ")}`);
    if (scoreOf(lhr, "performance") < 100) console.log(`  - ${metricsOf(lhr)}`);
    if (lhr.runtimeError) console.log(`  - runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const [id, item] of Object.entries(lhr.audits)) {
      if (item.score !== null && item.score < 1 && item.scoreDisplayMode === "binary") console.log(`  - ${id}: ${item.title}`);
    }
  }
} finally {
  server.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);

function scoreOf(lhr: LighthouseResult, id: string): number {
  return Math.round((lhr.categories[id]?.score ?? 0) * 100);
}

/**
 * One run per page; a page below budget is measured twice more and judged by the median performance run of the
 * three, as Lighthouse's own documentation advises for its run-to-run variance (on this 2-core machine a busy moment
 * has cost a single run up to 9 points of performance, with the same page scoring 100 before and after). A page
 * that is really slower stays below budget in most runs, so its median does too.
 */
async function measured(path: string): Promise<LighthouseResult> {
  const first = await audit(path);
  const withinBudget = Object.entries(BUDGET).every(([id, minimum]) => scoreOf(first, id) >= minimum);
  if (withinBudget) return first;
  const runs = [first, await audit(path), await audit(path)];
  console.log(`${path}: performance ${runs.map((lhr) => `${scoreOf(lhr, "performance")} (${metricsOf(lhr)})`).join(", ")} in three runs; the median counts`);
  return runs.sort((a, b) => scoreOf(a, "performance") - scoreOf(b, "performance"))[1]!;
}

/** The figures a performance score is made of, and the host's speed they were measured at. */
function metricsOf(lhr: LighthouseResult): string {
  const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const { benchmarkIndex } = lhr.environment;
  const multiplier = lhr.configSettings.throttling.cpuSlowdownMultiplier;
  return `FCP ${value("first-contentful-paint")} ms, LCP ${value("largest-contentful-paint")} ms, TBT ${value("total-blocking-time")} ms, CLS ${lhr.audits["cumulative-layout-shift"]?.numericValue?.toFixed(3)}, SI ${value("speed-index")} ms; host benchmark ${Math.round(benchmarkIndex)}, CPU ×${multiplier.toFixed(1)}`;
}

/**
 * Lighthouse's mobile preset slows the CPU 4× because it assumes a high-end desktop host (benchmark index 1500–2000)
 * and aims at a mid-tier phone. Its throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") says to
 * lower the multiplier on a slower host, so that a page is judged on the same phone wherever it is measured. With the
 * default simulated throttling the page loads unthrottled and the slowdown is applied when the audits run, so each run
 * is calibrated to the host as that very run found it: gathered once, its benchmark index read, then audited with
 * the host's index over the phone's (1750 / 4), never more than the preset's 4×. A host at or above the reference
 * keeps 4× exactly; a slower or busier one (this 2-core machine measures 1300–2600 from run to run) less.
 */
function calibratedSlowdown(benchmarkIndex: number): number {
  return Math.min(PRESET_CPU_SLOWDOWN, Math.max(1, (benchmarkIndex * PRESET_CPU_SLOWDOWN) / REFERENCE_HOST_INDEX));
}

/**
 * Lighthouse in a fresh Chromium. A run that could not measure the page at all (a Lighthouse runtime
 * error: seen here as NO_NAVSTART now and then right after the e2e suite, while the 2-core machine is
 * still busy) is tried again after a pause, up to three times; a low score is never retried.
 */
async function audit(path: string): Promise<LighthouseResult> {
  const MAX_ATTEMPTS = 3;
  for (let attempt = 1; ; attempt++) {
    const lhr = await runOnce(path);
    if (!lhr.runtimeError || attempt === MAX_ATTEMPTS) return lhr;
    console.warn(`${path}: Lighthouse could not measure the page (${lhr.runtimeError.code}); trying again`);
    await new Promise((resolve) => setTimeout(resolve, 3000 * attempt));
  }
}

async function runOnce(path: string): Promise<LighthouseResult> {
  const artifactsDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  try {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    });
    try {
      await lighthouse(`${BASE}${path}`, { port: chrome.port, logLevel: "error", gatherMode: artifactsDir });
    } finally {
      chrome.kill();
    }
    // The multiplier is a setting of the audits alone under simulated throttling (the gathering ran unthrottled), but
    // Lighthouse refuses audit settings that differ from the saved ones: the saved copy is given the calibrated value.
    const artifactsFile = join(artifactsDir, "artifacts.json");
    const artifacts = JSON.parse(readFileSync(artifactsFile, "utf8")) as { BenchmarkIndex: number; settings: { throttling: { cpuSlowdownMultiplier: number } } };
    const cpuSlowdownMultiplier = calibratedSlowdown(artifacts.BenchmarkIndex);
    artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
    writeFileSync(artifactsFile, JSON.stringify(artifacts));
    const result = await lighthouse(`${BASE}${path}`, { output: "json", logLevel: "error", auditMode: artifactsDir, throttling: { cpuSlowdownMultiplier } });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    return result.lhr;
  } finally {
    rmSync(artifactsDir, { recursive: true, force: true });
  }
}

/** Waits until the CPUs were at least 80 % idle for three seconds in a row, or 30 s have passed. */
async function quietMachine(): Promise<void> {
  const idleAndTotal = () => {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3]! + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
  };
  let quietSeconds = 0;
  for (let second = 0; second < 30 && quietSeconds < 3; second++) {
    const before = idleAndTotal();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = idleAndTotal();
    const idle = (after.idle - before.idle) / Math.max(1, after.total - before.total);
    quietSeconds = idle >= 0.8 ? quietSeconds + 1 : 0;
  }
  // Said, so that a low score on a busy machine can be told from a slow page.
  if (quietSeconds < 3) console.log("the machine was not quiet within 30 s: measuring anyway");
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}
