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
    testTimeout: 30_000,
  },
});
