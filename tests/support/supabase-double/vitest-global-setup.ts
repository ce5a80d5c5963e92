// Starts the Supabase double before the contract tests (vitest.contract.config.ts) and hands its URL and
// keys to the worker's bindings. Also checks that the double's SPEC §7 lines are still the spec's words.
import { existsSync, readFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { SPEC_LINES, startSupabaseDouble } from "./index";

declare module "vitest" {
  export interface ProvidedContext {
    supabaseDouble: { url: string; anonKey: string; serviceRoleKey: string };
  }
}

const SPEC_PATH = new URL("../../../../shared/SPEC.md", import.meta.url);

export default async function setup(project: TestProject) {
  if (existsSync(SPEC_PATH)) {
    const spec = readFileSync(SPEC_PATH, "utf8");
    const missing = SPEC_LINES.filter((line) => !spec.includes(`- ${line}\n`));
    if (missing.length) throw new Error(`SPEC §7 lines of the double no longer in SPEC.md:\n${missing.join("\n")}`);
  }
  const { url, server, anonKey, serviceRoleKey } = await startSupabaseDouble();
  project.provide("supabaseDouble", { url, anonKey, serviceRoleKey });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
