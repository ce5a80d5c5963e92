// Integration tests run inside workerd (the Workers runtime) with a real, per-file D1 database. A fake
// EmailJS runs beside them on loopback (tests/support/fake-emailjs.ts), and the worker is configured to use it.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { pdfLibrariesForWorkers } from "./scripts/lib/pdf-libraries-for-workers.ts";

process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: "./wrangler.toml" },
        remoteBindings: false,
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SECRET: "integration-test-secret-0123456789abcdef",
            EMAILJS_API_URL: inject("emailjsUrl"),
            EMAILJS_SERVICE_ID: "service_test",
            EMAILJS_CONTACT_TEMPLATE_ID: "template_contact",
            EMAILJS_RESET_TEMPLATE_ID: "template_reset",
            EMAILJS_PUBLIC_KEY: "public-key-test",
            EMAILJS_PRIVATE_KEY: "private-key-test",
          },
        },
      })),
      pdfLibrariesForWorkers({ apply: "always" }),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      include: ["tests/integration/**/*.test.{ts,tsx}", "tests/port-contract/d1.test.ts", "app/**/*.test.{ts,tsx}"],
      globalSetup: ["./tests/support/vitest-global-setup.ts"],
      setupFiles: ["./tests/integration/setup.ts"],
      // One workerd per vitest worker, not one per file: starting workerd and loading the app for each of 40 files was
      // 120 of the suite's 184 s. Files stay independent: setup.ts resets every binding's storage and re-applies the
      // schema before each file (a shuffled file order passes too: --sequence.shuffle.files).
      isolate: false,
      // Tests of the rate limits wait for the start of the limiter's next minute (startOfRateWindow: up to 5.25 s), which
      // the default 5 s timeout did not leave room for; and two cores shared with workerd are slower than a laptop.
      testTimeout: 15_000,
    },
  };
});
