// The Supabase SQL (supabase/migrations, supabase/seed.sql) tested on real Postgres: PGlite, in Node (not in
// workerd, and without the Cloudflare plugin). Run with `npx vitest run --config vitest.rls.config.ts`.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/rls/**/*.test.ts"],
    environment: "node",
    // Builds the database templates every test file copies its own Postgres from.
    globalSetup: ["./tests/rls/support/global-setup.ts"],
    // Each test file starts its own Postgres (about 1 s from a template, more when files start together).
    hookTimeout: 60_000,
    // Each file has its own database, so the files can share a worker thread: PGlite's WebAssembly then loads once per
    // thread instead of once per file (31 s for the run instead of 60).
    isolate: false,
    testTimeout: 30_000,
  },
});
