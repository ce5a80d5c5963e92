import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // The Cloudflare Vite plugin runs the server build in workerd through Vite's Environment API.
    v8_viteEnvironmentApi: true,
    // Adopted early so the upgrade to v8 changes nothing here.
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    // Loaders and actions read the per-request context through a typed RouterContextProvider
    // (app/platform/request/context.server.ts), as v8 requires.
    v8_middleware: true,
    // Client-only route exports get their own chunks.
    v8_splitRouteModules: true,
  },
} satisfies Config;
