// The scale benchmark's report: one markdown table for the README (request | sample p50 | large p50 | large p90 |
// ratio | bytes), each row that misses one of the targets marked ✗, and a summary of the misses.
// The targets, for every page (the CSV is a download of every row: it is held to its row count instead):
//   p50 at most 100 ms on the large state; at most 3× the sample state's p50; at most 300 KB of HTML;
//   the last page of the order list at most 1.5× the first.
import type { Case } from "./requests";
import { percentile, type Timed } from "./measure";

export const TARGETS = { p50Ms: 100, ratio: 3, htmlBytes: 300 * 1024, lastPageRatio: 1.5 };

export type Measured = { case: Case; runs: Timed[] };
export type Row = { label: string; sample: Measured | null; large: Measured | null };

/** The `p`th percentile of what `read` takes from each run of `m` (its time unless told); null when nothing was measured. */
const percentileOf = (m: Measured | null, p: number, read: (run: Timed) => number = (run) => run.ms) =>
  m && m.runs.length ? percentile(m.runs.map(read), p) : null;
const p50 = (m: Measured | null) => percentileOf(m, 50);
const p90 = (m: Measured | null) => percentileOf(m, 90);
const bytesOf = (m: Measured | null) => percentileOf(m, 50, (run) => run.bytes);
const statuses = (m: Measured | null) => [...new Set((m?.runs ?? []).map((run) => run.status || 0))];

export const ms = (value: number | null) => (value === null ? "—" : value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`);
export function size(bytes: number | null): string {
  if (bytes === null) return "—";
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** Why a row misses a target or failed (empty: it is fine). */
export function problemsOf(row: Row, rows: Row[]): { misses: string[]; failures: string[] } {
  const misses: string[] = [];
  const failures: string[] = [];
  for (const [state, m] of [
    ["sample", row.sample],
    ["large", row.large],
  ] as const) {
    if (m?.case.path === null) continue;
    for (const status of statuses(m)) {
      if (status !== 200) failures.push(`${state}: HTTP ${status || (m!.runs.find((run) => !run.status)?.error ?? "no answer")}`);
    }
  }
  const large = row.large;
  if (!large || large.case.path === null) return { misses, failures };
  const [sampleP50, largeP50, bytes] = [p50(row.sample), p50(large), bytesOf(large)];
  if (large.case.csv) {
    const counted = large.runs.map((run) => run.csvRows);
    const wrong = counted.filter((rowsCounted) => rowsCounted !== large.case.csv!.expectedRows);
    if (wrong.length) misses.push(`CSV has ${wrong[0]} data rows, ${large.case.csv.expectedRows} calls of ${large.case.csv.year} were generated`);
    return { misses, failures };
  }
  if (!large.case.pageTargets || largeP50 === null) return { misses, failures };
  if (largeP50 > TARGETS.p50Ms) misses.push(`p50 ${ms(largeP50)} > ${TARGETS.p50Ms} ms`);
  if (sampleP50 !== null && largeP50 > TARGETS.ratio * sampleP50) misses.push(`${(largeP50 / sampleP50).toFixed(1)}× the sample's p50 (> ${TARGETS.ratio}×)`);
  if (bytes !== null && bytes > TARGETS.htmlBytes) misses.push(`${size(bytes)} of HTML > ${size(TARGETS.htmlBytes)}`);
  if (row.label.startsWith("/Dashboard/Orders?page=")) {
    const first = p50(rows.find((other) => other.label === "/Dashboard/Orders")?.large ?? null);
    if (first !== null && largeP50 > TARGETS.lastPageRatio * first)
      misses.push(`last page ${(largeP50 / first).toFixed(1)}× the first (> ${TARGETS.lastPageRatio}×)`);
  }
  return { misses, failures };
}

export function table(rows: Row[]): string {
  const head = ["request", "sample p50", "large p50", "large p90", "ratio", "bytes (large)"];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`];
  for (const row of rows) {
    const { misses, failures } = problemsOf(row, rows);
    const [s, l] = [p50(row.sample), p50(row.large)];
    const skippedIn = (state: string, m: Measured | null) => (m?.case.path === null ? `${state}: ${m.case.skipped}` : null);
    const why = [skippedIn("sample", row.sample), skippedIn("large", row.large)].filter(Boolean);
    const skipped = why.length ? ` (skipped, ${why.join("; ")})` : "";
    const marker = misses.length || failures.length ? "✗ " : "";
    const ratio = s !== null && l !== null ? `${(l / s).toFixed(1)}×` : "—";
    lines.push(`| ${marker}\`${row.label}\`${skipped} | ${ms(s)} | ${ms(l)} | ${ms(p90(row.large))} | ${ratio} | ${size(bytesOf(row.large))} |`);
  }
  return lines.join("\n");
}

/** The CSV rows: download time and size, and the row count against the generated calls (each state). */
export function csvLines(rows: Row[]): string[] {
  const lines: string[] = [];
  for (const row of rows) {
    for (const [state, m] of [
      ["sample", row.sample],
      ["large", row.large],
    ] as const) {
      if (!m?.case.csv || m.case.path === null || m.runs.length === 0) continue;
      const counts = [...new Set(m.runs.map((run) => run.csvRows))];
      const verdict = counts.length === 1 && counts[0] === m.case.csv.expectedRows ? "✓ every call" : "✗ MISMATCH";
      lines.push(
        `- CSV export (${state}, ${m.case.csv.year}): full download p50 ${ms(p50(m))}, p90 ${ms(p90(m))}, ${size(bytesOf(m))}; ` +
          `${counts.map((count) => count?.toLocaleString("en-US") ?? "?").join(" / ")} data rows vs ${m.case.csv.expectedRows.toLocaleString("en-US")} calls generated for ${m.case.csv.year}: ${verdict}`,
      );
    }
  }
  return lines;
}
