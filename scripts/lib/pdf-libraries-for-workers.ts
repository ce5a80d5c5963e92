// The invoice PDF's libraries in their browser builds, for the worker (docs/decisions/0036). The worker's Vite
// environment resolves the "node" export condition besides "workerd" and "browser" (Vite's server defaults merged with
// the Cloudflare plugin's), so pdfkit, fontkit, png-js and fflate came in their Node builds: pdfkit's calls
// createRequire(import.meta.url) and reads files with fs when it loads, and the worker failed with "Invalid URL string".
// Used by vite.config.ts for the build, and by vitest.config.ts, so the tests in workerd run the code the built worker
// runs. Not by the dev server: its dependency optimizer bundles the Node builds, which its module runner can load (it
// gives modules an import.meta.url), while files resolved around the optimizer came unbundled ("module is not defined").
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

/** A file of an installed package (its package.json is not exported, so found from its main file). */
function packageFile(name: string, file: string): string {
  const main = require.resolve(name);
  const marker = `/node_modules/${name}/`;
  return join(main.slice(0, main.lastIndexOf(marker) + marker.length), file);
}

/** Each package's browser build: what a bundler for the browser would pick from its "exports". */
const BROWSER_BUILDS: Record<string, string> = {
  pdfkit: "js/pdfkit.browser.mjs",
  fontkit: "dist/browser-module.mjs",
  "png-js": "lib/png-js.browser.js",
  fflate: "esm/browser.js", // pdfkit's compression; the Node build looks for worker_threads
};

/**
 * pdfkit's browser build names its colour profile (for PDF/A, which the invoice is not) by a URL made from
 * import.meta.url when it loads; workerd gives modules no import.meta.url, so the URL is written in instead. The name
 * is only the key of pdfkit's own in-memory copy of the profile.
 */
const ICC_PROFILE_URL = "new URL('./data/sRGB_IEC61966_2_1.icc', import.meta.url).href";

export function pdfLibrariesForWorkers({ apply }: { apply: "build" | "always" }): Plugin {
  const browserBuilds = new Map(Object.entries(BROWSER_BUILDS).map(([name, file]) => [name, packageFile(name, file)]));
  const pdfkit = browserBuilds.get("pdfkit")!;
  return {
    name: "push:pdf-libraries-for-workers",
    enforce: "pre",
    ...(apply === "build" ? { apply: "build" as const } : {}),
    resolveId(source, importer) {
      const build = browserBuilds.get(source);
      if (build) return build;
      // fontkit's WOFF2 decoder (brotli) has a 756 KB dictionary, and a browser build (its "browser" field) that
      // unpacks a 69 KB one on first use. The invoice's fonts are TrueType: it is never used.
      if (source === "./dictionary-data" && importer?.includes("/node_modules/brotli/dec/")) return packageFile("brotli", "dec/dictionary-browser.js");
      return null;
    },
    transform(code, id) {
      if (id !== pdfkit) return null;
      if (!code.includes(ICC_PROFILE_URL)) throw new Error(`${id} no longer makes its colour profile's URL as ${ICC_PROFILE_URL}: see ${import.meta.url}`);
      return { code: code.replace(ICC_PROFILE_URL, JSON.stringify("pdfkit:data/sRGB_IEC61966_2_1.icc")), map: null };
    },
  };
}
