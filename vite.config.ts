import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// No connection may leave loopback from this machine or CI (see TOOLCHAIN.md).
process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: {
    host: "127.0.0.1",
    // Every local D1/R2 write lands in .wrangler/state; watching it would reload the page on each write.
    watch: { ignored: ["**/.wrangler/**", "**/.tmp/**", "**/test-results/**"] },
  },
});
