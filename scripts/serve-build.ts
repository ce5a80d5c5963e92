// Serves the built worker (build/) on the given local state: on throwaway state, for the e2e tests,
// Lighthouse, the fuzz campaign and the benchmark. Run `npm run build` first.
//
//   npx tsx scripts/serve-build.ts --port 8787 --state .tmp/e2e [--fresh] [--test-secret] [--empty]
//
// It runs workerd through Miniflare, with the bindings, assets and Durable Objects wrangler reads from the build's
// own config (build/server/wrangler.json), and the state layout `wrangler dev --persist-to` uses (so the
// `wrangler d1` commands of local-setup.ts write the same database). Not `wrangler dev`: its proxy in front of
// workerd left about one fresh connection in 200 hanging until the test's time limit on a busy machine, and it
// reloads (and stopped serving) when build/ changes under it (docs/decisions/0019).
//
// --fresh deletes the state folder first (tests and Lighthouse start from the sample content, copied from a template
// prepared once: scripts/lib/fresh-state.ts).
// --log FILE also writes the server's output to FILE.
// --supabase URL runs the worker on the Supabase backend at URL (the tests' HTTP double), with its test keys.
// --emailjs URL configures EmailJS against URL (the tests' fake), with test-only ids and keys.
// --stripe URL configures Stripe against URL (the tests' double, tests/support/stripe-double.ts), with test-only keys.
// --test-secret uses a fixed, test-only SESSION_SECRET instead of the one in .dev.vars.
// --cron-port N lets a test run the cron as of a chosen minute (serveCronTrigger below).
// --empty leaves the database without even its schema, so every content read fails: the e2e tests
// use it to see the site's failure states (SPEC §8) rendered by the real worker.
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { Log, LogLevel, Miniflare, type Json } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { freshStateAt } from "./lib/fresh-state";
import "./lib/wrangler"; // the quiet environment (no metrics, no account look-ups)

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
    stripe: { type: "string" },
    "cron-port": { type: "string" },
  },
});
const { port, state, fresh, empty, "test-secret": testSecret, log, emailjs, supabase, stripe, "cron-port": cronPort } = values;

const emailjsVars = emailjs
  ? {
      EMAILJS_API_URL: emailjs,
      EMAILJS_SERVICE_ID: "service_e2e",
      EMAILJS_CONTACT_TEMPLATE_ID: "template_contact",
      EMAILJS_RESET_TEMPLATE_ID: "template_reset",
      // Orders' and appointments' e-mails (the mail outbox): relayed too, so a browser test can read them.
      EMAILJS_ORDER_TEMPLATE_ID: "template_order",
      EMAILJS_PUBLIC_KEY: "public-key-e2e",
      EMAILJS_PRIVATE_KEY: "private-key-e2e",
    }
  : {};
// The keys the double (tests/support/supabase-double) is started with in playwright.config.ts.
const supabaseVars = supabase ? { SUPABASE_URL: supabase, SUPABASE_ANON_KEY: "e2e-anon-key", SUPABASE_SERVICE_ROLE_KEY: "e2e-service-role-key" } : {};
// The keys the Stripe double is started with in playwright.config.ts.
const stripeVars = stripe ? { STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: "whsec_e2e", STRIPE_API_URL: stripe } : {};

if (fresh) rmSync(state, { recursive: true, force: true });
if (log) mkdirSync(dirname(log), { recursive: true });
if (!empty && fresh) {
  freshStateAt(state);
} else if (!empty) {
  const setup = spawnSync("node_modules/.bin/tsx", ["scripts/local-setup.ts", "--persist-to", state], { stdio: "inherit" });
  if (setup.status !== 0) process.exit(setup.status ?? 1);
}

const logFile = log ? createWriteStream(log, { flags: "a" }) : null;
const write = (stream: NodeJS.WriteStream) => (chunk: Buffer | string) => {
  stream.write(chunk);
  logFile?.write(chunk);
};

// The build's config: bindings, Durable Objects, rate limits, assets (build/client) and the .dev.vars secrets.
const BUILD = "build/server";
const { workerOptions } = unstable_getMiniflareWorkerOptions(join(BUILD, "wrangler.json"));
// The server bundle imports its chunks dynamically, which Miniflare cannot follow: every module is listed, the invoice
// PDF's fonts (.bin) as Data modules, their bytes (wrangler's default rule for .bin, which `wrangler deploy` applies).
const modules = readdirSync(BUILD, { recursive: true, encoding: "utf8" })
  .filter((file) => (file.endsWith(".js") && file !== "index.js") || file.endsWith(".bin"))
  .map((file) => ({ type: file.endsWith(".bin") ? ("Data" as const) : ("ESModule" as const), path: join(BUILD, file) }));
const testVars = testSecret ? { SESSION_SECRET: "test-only-session-secret-0123456789abcdef" } : {};

const server = new Miniflare({
  ...workerOptions,
  name: "push-website",
  host: "127.0.0.1",
  port: Number(port),
  modulesRoot: BUILD,
  modules: [{ type: "ESModule", path: join(BUILD, "index.js") }, ...modules],
  // wrangler types these options from a package it does not ship: the bindings are what Miniflare takes.
  bindings: { ...(workerOptions.bindings as Record<string, Json> | undefined), ...testVars, ...emailjsVars, ...supabaseVars, ...stripeVars },
  // As `wrangler dev --persist-to <state>` lays it out: <state>/v3/d1, r2, do, cache.
  defaultPersistRoot: join(state, "v3"),
  log: new Log(LogLevel.INFO),
  handleRuntimeStdio(stdout: Readable, stderr: Readable) {
    stdout.on("data", write(process.stdout));
    stderr.on("data", write(process.stderr));
  },
});
const url = await server.ready;
if (cronPort) await serveCronTrigger(Number(cronPort));
write(process.stdout)(`Ready on ${url.href}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void server.dispose().finally(() => process.exit(0));
  });
}

/**
 * --cron-port N: POST http://127.0.0.1:N/scheduled?time=<ms> runs the worker's cron as of that minute and answers once
 * it has finished (its e-mails relayed): the browser tests' controlled clock. Miniflare's own /cdn-cgi/handler/
 * scheduled reaches the static-assets router in front of the worker, which has no cron, so the worker is called here.
 */
async function serveCronTrigger(cronPort: number): Promise<void> {
  const worker = await server.getWorker();
  const trigger = createServer((request, response) => {
    const at = Number(new URL(request.url ?? "/", "http://localhost").searchParams.get("time"));
    if (request.method !== "POST" || !Number.isSafeInteger(at)) {
      response.writeHead(400).end();
      return;
    }
    worker
      .scheduled({ scheduledTime: new Date(at), cron: "* * * * *" })
      .then((result) => response.writeHead(result.outcome === "ok" ? 200 : 500).end(result.outcome))
      .catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => trigger.listen(cronPort, "127.0.0.1", resolve));
}
