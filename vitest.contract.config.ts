// Contract tests of the Supabase adapter: vitest inside workerd (like tests/integration), with the worker
// configured for Supabase against a strict loopback double of Supabase's APIs (tests/support/supabase-double),
// started by the global setup, which hands its URL and keys to the bindings.
//
//   npx vitest run --config vitest.contract.config.ts
//
// The files share the double's state, so they run one at a time, in file-name order: tests/contract's last
// (99-coverage) prints the SPEC §7 coverage and fails on any violation; then the port's shared contract
// suite (tests/port-contract/suite.ts, also run on D1) runs on this adapter.
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

class ByFileName extends BaseSequencer {
  override sort(files: TestSpecification[]) {
    return Promise.resolve([...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0)));
  }
}

export default defineConfig({
  plugins: [
    cloudflareTest(({ inject }) => {
      const double = inject("supabaseDouble");
      return {
        wrangler: { configPath: "./wrangler.toml" },
        remoteBindings: false,
        miniflare: {
          bindings: {
            SESSION_SECRET: "contract-test-secret-0123456789abcdef",
            SUPABASE_URL: double.url,
            SUPABASE_ANON_KEY: double.anonKey,
            SUPABASE_SERVICE_ROLE_KEY: double.serviceRoleKey,
            SUPABASE_MEDIA_BUCKET: "media",
          },
        },
      };
    }),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    // tests/port-contract/supabase.test.ts sorts after tests/contract/ (whose last file sums up §7 coverage).
    include: ["tests/contract/**/*.test.ts", "tests/port-contract/supabase.test.ts"],
    globalSetup: ["./tests/support/supabase-double/vitest-global-setup.ts"],
    fileParallelism: false,
    // One workerd for all the files (a new one per file was 65 of the run's 82 s); setup.ts empties the worker's own
    // storage before each file.
    isolate: false,
    setupFiles: ["./tests/contract/setup.ts"],
    sequence: { sequencer: ByFileName },
  },
});
