import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { sampleSignInBanner } from "./scripts/lib/dev-banner.ts";
import { pdfLibrariesForWorkers } from "./scripts/lib/pdf-libraries-for-workers.ts";

// No connection may leave loopback from this machine or CI (see TOOLCHAIN.md).
process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// A dev server with state of its own (tests/dev starts one beside the developer's): its local D1/R2 data and
// Vite's dependency cache live under this folder, and it opens no inspector (9229 may be taken).
const isolatedState = process.env.PUSH_DEV_STATE;

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      ...(isolatedState ? { persistState: { path: isolatedState }, inspectorPort: false } : {}),
    }),
    reactRouter(),
    sampleSignInBanner(),
    pdfLibrariesForWorkers({ apply: "build" }),
  ],
  ...(isolatedState ? { cacheDir: `${isolatedState}/vite` } : {}),
  resolve: { tsconfigPaths: true },
  // Scan every route module when the dev server starts, so the browser's dependencies (react-hot-toast, zod, …)
  // are pre-bundled before the first page asks for them. Found late, Vite re-optimizes and reloads the open page
  // (a sign-in's toast was lost that way).
  optimizeDeps: { entries: ["app/root.tsx", "app/routes/**/*.tsx"] },
  server: {
    host: "127.0.0.1",
    // Every local D1/R2 write lands in .wrangler/state; watching it would reload the page on each write.
    watch: { ignored: ["**/.wrangler/**", "**/.tmp/**", "**/test-results/**"] },
  },
});
