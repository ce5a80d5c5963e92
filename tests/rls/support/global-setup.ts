// Builds two database templates once per run, and hands their paths to the test files (see ./db.ts):
//   standIn  — the Supabase stand-in only (for the tests that upgrade the original app's tables);
//   migrated — the stand-in plus every file of supabase/migrations, applied in order.
// Starting a test file's Postgres from a copy takes about 1 s; initdb plus the SQL takes about 2.5 s.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, buildStandIn, saveTemplate } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    rlsTemplates: { standIn: string; migrated: string } | undefined;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "push-rls-"));
  const templates = { standIn: join(dir, "stand-in.tar"), migrated: join(dir, "migrated.tar") };
  const db = await buildStandIn();
  try {
    await saveTemplate(db, templates.standIn);
    await applyMigrations(db);
    await saveTemplate(db, templates.migrated);
  } finally {
    await db.close();
  }
  project.provide("rlsTemplates", templates);
  return () => rmSync(dir, { recursive: true, force: true });
}
