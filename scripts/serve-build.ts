// Serves the built worker (build/) with `wrangler dev` on the given local state: `npm start`, and
// (on throwaway state) the e2e tests and Lighthouse. Run `npm run build` first.
//
//   npx tsx scripts/serve-build.ts --port 8787 --state .tmp/e2e [--fresh] [--test-secret] [--empty]
//
// --fresh deletes the state folder first (tests and Lighthouse start from the sample content).
// --log FILE also writes the server's output to FILE (the e2e tests read reset links from it).
// --supabase URL runs the worker on the Supabase backend at URL (the tests' HTTP double), with its test keys.
// --emailjs URL configures EmailJS against URL (the tests' fake), with test-only ids and keys.
// --test-secret uses a fixed, test-only SESSION_SECRET instead of the one in .dev.vars.
// --empty leaves the database without even its schema, so every content read fails: the e2e tests
// use it to see the site's failure states (SPEC §8) rendered by the real worker.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { quietCloudflareEnv } from "./lib/wrangler";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    state: { type: "string", default: ".tmp/serve" },
    fresh: { type: "boolean", default: false },
    empty: { type: "boolean", default: false },
    "test-secret": { type: "boolean", default: false },
    log: { type: "string" },
    emailjs: { type: "string" },
    supabase: { type: "string" },
  },
});
const { port, state, fresh, empty, "test-secret": testSecret, log, emailjs, supabase } = values;

const emailjsVars = emailjs
  ? {
      EMAILJS_API_URL: emailjs,
      EMAILJS_SERVICE_ID: "service_e2e",
      EMAILJS_CONTACT_TEMPLATE_ID: "template_contact",
      EMAILJS_RESET_TEMPLATE_ID: "template_reset",
      EMAILJS_PUBLIC_KEY: "public-key-e2e",
      EMAILJS_PRIVATE_KEY: "private-key-e2e",
    }
  : {};
// The keys the double (tests/support/supabase-double) is started with in playwright.config.ts.
const supabaseVars = supabase
  ? { SUPABASE_URL: supabase, SUPABASE_ANON_KEY: "e2e-anon-key", SUPABASE_SERVICE_ROLE_KEY: "e2e-service-role-key" }
  : {};

if (fresh) rmSync(state, { recursive: true, force: true });
if (log) mkdirSync(dirname(log), { recursive: true });
if (!empty) {
  const setup = spawnSync("node_modules/.bin/tsx", ["scripts/local-setup.ts", "--persist-to", state], { stdio: "inherit" });
  if (setup.status !== 0) process.exit(setup.status ?? 1);
}

// Each server needs its own inspector port: two wrangler dev processes would both want 9229.
const inspectorPort = String(Number(port) + 1000);
const server = spawn(
  "node_modules/.bin/wrangler",
  [
    "dev",
    "--ip", "127.0.0.1",
    "--port", port,
    "--inspector-port", inspectorPort,
    "--persist-to", state,
    "--show-interactive-dev-session=false",
    ...(testSecret ? ["--var", "SESSION_SECRET:test-only-session-secret-0123456789abcdef"] : []),
    ...Object.entries({ ...emailjsVars, ...supabaseVars }).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ],
  { stdio: ["ignore", "pipe", "pipe"], env: quietCloudflareEnv },
);
const logFile = log ? createWriteStream(log, { flags: "a" }) : null;
server.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  logFile?.write(chunk);
});
server.stderr.on("data", (chunk: Buffer) => {
  process.stderr.write(chunk);
  logFile?.write(chunk);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
