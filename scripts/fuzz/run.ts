// The hostile-input campaign (`npm run fuzz`): the built worker on throwaway state, at least 1,000
// generated requests over every form, page, query parameter and worker route of surface*.ts, as anonymous,
// interpreter, admin and a customer organisation's requester (issue 27), sent one after another. Fails (exit 1) on any answer ≥ 500, any payload reflected
// unescaped into HTML, any open redirect, any row written by a rejected request (or content rewritten in the
// studio's tables or orders, or an object stored or deleted in an R2 bucket: MEDIA, FILES), or a site that does not
// answer normally afterwards; prints each offending request, then one summary line. Before the fuzzing, orders.ts
// makes one order in each state through the product's forms, appointments.ts books appointments through /Book, and
// availability.ts records working hours, time off and credentials, for the requests to name.
//
//   npx tsx scripts/fuzz/run.ts [--seed N] [--requests N] [--port P] [--only I,J,…] [--trace FILE]
//
// Build first (`npm run fuzz` does). Ports 8787–8830 and 9787–9830 belong to other tests; wrangler's
// inspector takes port + 1000. --only sends just the listed request numbers (still generated in sequence).
// --trace writes one line per request sent (number, role, surface, method, target, body size and digest, answer,
// what was hostile), tab-separated: two runs of a seed can be compared with diff (minus the timing column).
import { createHash } from "node:crypto";
import { appendFileSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { inspect, isRejected, type Finding } from "./checks";
import { checkSurface } from "./coverage";
import { CONTENT_SUFFIX, openDatabase, type Counts, type Database, type Listing } from "./db";
import { RequestGenerator, type Sessions } from "./generate";
import type { RequestSpec } from "./request-spec";
import { redirectTarget, send } from "./http";
import { bytesOf } from "../../tests/fixtures/images";
import { orderSetUp } from "./orders";
import { appointmentSetUp } from "./appointments";
import { availabilitySetUp } from "./availability";
import { invoiceSetUp } from "./invoices";
import { paySetUp } from "./pay";
import { Rng } from "./prng";
import { Reporter } from "./report";
import { checkBuildAndPort, exitOnInterrupt, startServer, type Server } from "./server";
import { startStripeStub, type StripeStub } from "./stripe-stub";
import { ADMIN_EMAIL, cookieFor, INTERPRETER_EMAIL, maintenanceIp, postForm, postMultipart, REQUESTER, revokedCookie, sessionAlive, signIn } from "./sessions";
import type { BucketName } from "./surface-kinds";
import { text } from "./values";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    requests: { type: "string", default: "2000" },
    port: { type: "string", default: "8950" },
    only: { type: "string" },
    trace: { type: "string" },
  },
});
const seed = Number(values.seed);
const total = Number(values.requests);
const port = Number(values.port);
const only = values.only ? new Set(values.only.split(",").map(Number)) : null;
if (!Number.isInteger(seed) || !Number.isInteger(total) || total < 1 || !Number.isInteger(port))
  throw new Error("--seed, --requests and --port take whole numbers");
const origin = `http://127.0.0.1:${port}`;
const state = `.tmp/fuzz-${port}`;
const startedAt = Date.now();
const timing = { server: 0, requests: 0, counts: 0 }; // where the time goes (printed at the end)
let signInsAgain = 0; // sample accounts signed in again after a fuzzed sign-out ended their session

const findings: Finding[] = [];
const failures: string[] = []; // checks outside the per-request ones (set-up, the site afterwards)
let sent = 0;
const summary = () =>
  `fuzz: ${sent} requests, ${count("server-error")} server errors, ${count("reflected")} reflected, ${count("write-on-rejection")} writes on rejection, ${count("forged-event-accepted")} forged events accepted`;
const count = (kind: Finding["kind"]) => findings.filter((finding) => finding.kind === kind).length;

const problems = checkSurface();
if (problems.length > 0) {
  console.log(`fuzz: scripts/fuzz/surface*.ts do not match the product:\n${problems.map((problem) => `  ✗ ${problem}`).join("\n")}`);
  console.log(summary());
  process.exit(1);
}
await checkBuildAndPort(port, "npm run fuzz");

console.log(
  `fuzz: seed ${seed}, ${only ? `only #${[...only].join(", #")}` : `${total} requests`}, built worker on ${origin} (state ${state}, log ${state}/server.log)`,
);
const reporter = new Reporter(port, `.tmp/fuzz-${port}-findings`);
rmSync(`.tmp/fuzz-${port}-findings`, { recursive: true, force: true });
if (values.trace) writeFileSync(values.trace, "");

let server: Server | undefined;
let db: Database | undefined;
let stripe: StripeStub | undefined;
// Interrupted: the summary still comes out (wrangler, imported by db.ts, has its own handler: this one goes first).
exitOnInterrupt((signal) => console.log(`✗ interrupted (${signal})\n${summary()}`));
try {
  stripe = await startStripeStub();
  server = await startServer(port, state, `${state}/server.log`, { stripe: stripe.url });
  timing.server = Date.now() - startedAt;
  db = await openDatabase(state);
  await campaign(db);
  // "Pay now" must have reached Stripe (the stub) at least once: else its successes were never exercised.
  if (!only && stripe.sessions() === 0) failures.push("no request made a Checkout session (Pay now never succeeded)");
  await afterwards();
} catch (error) {
  // A bug of the campaign itself (not a finding) shows where it happened.
  const where = error instanceof Error && !(error.constructor === Error) ? `\n${error.stack?.split("\n").slice(1, 6).join("\n")}` : "";
  failures.push(`the campaign stopped: ${error instanceof Error ? error.message : String(error)}${where}`);
} finally {
  await server?.stop();
  await stripe?.close();
  await db?.dispose().catch(() => {});
}

if (findings.length > 0 && reporter.sessionVariables.size > 0)
  console.log(`fuzz: the curl lines below need a session (the run's have ended):\n${reporter.preamble().join("\n")}`);
for (const finding of findings) console.log(reporter.format(finding));
if (findings.length > 0) console.log(`fuzz: ${findings.length} findings by kind, surface and status:\n${reporter.groups(findings).join("\n")}`);
const redirects = count("open-redirect");
if (redirects > 0) failures.push(`${redirects} open redirects (listed above)`);
for (const failure of failures) console.log(`✗ ${failure}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `fuzz: seed ${seed}, ${seconds(Date.now() - startedAt)} (server start ${seconds(timing.server)}, requests ${seconds(timing.requests)}, row counts ${seconds(timing.counts)}, ${db?.queries() ?? 0} queries; ${signInsAgain} sessions renewed)`,
);
console.log(summary());
process.exit(findings.length > 0 || failures.length > 0 ? 1 : 0);

async function campaign(db: Database): Promise<void> {
  // Real sessions, and cookies that look right but no longer open one: signed out, and expired.
  const expiredToken = `fuzz-expired-${seed}`;
  await db.insertExpiredSession(await db.accountId(ADMIN_EMAIL), expiredToken);
  const shared = { revoked: await revokedCookie(port, INTERPRETER_EMAIL), expired: cookieFor(expiredToken) };
  const requesterPassword = await db.insertRequester(REQUESTER);
  const sessions: Sessions = {
    anonymous: { ...shared },
    admin: { ...shared, real: await signIn(port, ADMIN_EMAIL) },
    interpreter: { ...shared, real: await signIn(port, INTERPRETER_EMAIL) },
    requester: { ...shared, real: await signIn(port, REQUESTER.email, requesterPassword) },
  };
  reporter.sessionVariables.set(sessions.admin.real!, "ADMIN_COOKIE");
  reporter.sessionVariables.set(sessions.interpreter.real!, "INTERPRETER_COOKIE");
  reporter.sessionVariables.set(sessions.requester.real!, "REQUESTER_COOKIE");

  // The write check must be able to fail: a write made through the server has to show in our counts.
  const before = await db.counts();
  const probe = await postForm(
    port,
    "/api/contact",
    { name: "Fuzz probe", email: "probe@example.com", subject: "Count check", message: "Seen by db.ts?" },
    { Accept: "application/json" },
  );
  const after = await db.counts();
  if (probe.status !== 200 || after.contact_messages !== (before.contact_messages ?? 0) + 1) {
    throw new Error(
      `the row counts do not see the server's writes (contact post ${probe.status}, contact_messages ${before.contact_messages} → ${after.contact_messages})`,
    );
  }

  await studioProbe(db, sessions.admin.real!);
  // One order in each state, made through the product's forms; it also proves the FILES listing sees a stored file.
  const orderPools = await orderSetUp(port, db, { admin: sessions.admin.real!, interpreter: sessions.interpreter.real! });
  // Booked appointments, requested and cancelled, through /Book; it also proves the appointments digest sees a cancellation.
  const appointmentPools = await appointmentSetUp(port, db);
  // Working hours, time off and credentials (issue 25); it also proves the counts see them, and the working_hours digest
  // a week replaced in place.
  const availabilityPools = await availabilitySetUp(port, db, { admin: sessions.admin.real!, interpreter: sessions.interpreter.real! });
  // A sent invoice with its private link (issue 26), for the customer's page, its PDF and the staff's "Send".
  const invoiceLinks = await invoiceSetUp(db);
  // A pay statement of the sample interpreter (issue 26, build item 6), for their Pay pages and the admins' "Mark paid".
  const payStatements = await paySetUp(db, orderPools.sampleInterpreterId);

  const ids = {
    ...(await db.idPools([ADMIN_EMAIL, INTERPRETER_EMAIL])),
    ...orderPools,
    appointments: appointmentPools.appointments,
    timeOff: availabilityPools.timeOff,
    credentials: availabilityPools.credentials,
    invoiceLinks,
    payStatements,
  };
  // The status links are new each run: the trace names them by their order, so two runs of a seed compare.
  const tokenNames = new Map([
    ...orderPools.orders.map((order) => [order.token, `{token of order ${order.id}}`] as const),
    ...appointmentPools.appointments.map((appointment) => [appointment.token, `{token of appointment ${appointment.id}}`] as const),
    ...invoiceLinks.map((invoice) => [invoice.token, `{link of invoice ${invoice.id}}`] as const),
  ]);
  const generator = new RequestGenerator(new Rng(seed), origin, ids);
  if (!only && total < generator.sweepSize) throw new Error(`--requests ${total} is less than one sweep of the surface (${generator.sweepSize})`);
  const plantedBy = new Map<number, number>([...orderPools.markers, ...appointmentPools.markers, ...availabilityPools.markers].map((marker) => [marker, -1]));
  let counts: Counts | null = null;
  // Only the forms marked with a bucket write it (the studio's, quote requests, deliveries): a bucket's listing stays
  // valid until the next request aimed at one of them.
  const listings = new Map<BucketName, Listing>();
  for (const bucket of ["MEDIA", "FILES"] as const) listings.set(bucket, await db.listing(bucket));
  let previous: { spec: RequestSpec; label: string } | null = null;

  for (let index = 0; index < total; index++) {
    for (const role of ["admin", "interpreter", "requester"] as const) {
      if (sessions[role].real === "") {
        const [email, password] = role === "requester" ? [REQUESTER.email, requesterPassword] : [role === "admin" ? ADMIN_EMAIL : INTERPRETER_EMAIL, undefined];
        sessions[role].real = await signIn(port, email, password);
        reporter.sessionVariables.set(sessions[role].real, `${role.toUpperCase()}_COOKIE`);
        signInsAgain++;
        counts = null; // signing in writes a session row
      }
    }
    const spec = generator.next(index, sessions);
    if (only && !only.has(index)) continue;
    if (server!.exited()) throw new Error(`the server exited after request #${index - 1} (its output: ${state}/server.log)`);

    let clock = Date.now();
    const countsBefore = counts ?? (await db.counts());
    timing.counts += Date.now() - clock;
    clock = Date.now();
    const answer = await send(port, spec);
    timing.requests += Date.now() - clock;
    sent++;
    clock = Date.now();
    // (A guard's redirect to sign in ran no action: nothing is left running.)
    if (spec.background && answer.status < 400 && !isRejected(answer)) await new Promise((resolve) => setTimeout(resolve, 200));
    const countsAfter = await db.counts();
    const listingBefore = spec.bucket ? listings.get(spec.bucket)! : null;
    if (spec.bucket) listings.set(spec.bucket, await db.listing(spec.bucket));
    timing.counts += Date.now() - clock;
    counts = countsAfter;
    if (values.trace) {
      const body = spec.body ? `${spec.body.length} bytes ${createHash("sha256").update(spec.body).digest("hex").slice(0, 12)}` : "no body";
      let target = spec.target;
      for (const [token, name] of tokenNames) target = target.replaceAll(token, name);
      const line = [
        index,
        spec.role,
        spec.surface,
        spec.method,
        target.slice(0, 120),
        body,
        answer.error ?? answer.status,
        `${answer.ms} ms`,
        spec.labels.join("; ").slice(0, 300),
      ];
      appendFileSync(values.trace, `${line.join("\t")}\n`);
    }
    for (const marker of spec.markers) if (!plantedBy.has(marker)) plantedBy.set(marker, index);
    const found = inspect(spec, answer, origin, plantedBy);
    // wrangler's local proxy keeps connections to workerd alive: a request can suffer from the one before
    // (e.g. a body left unread), so a server error names it, and a hang or 503 reproduces with it.
    for (const finding of found) {
      if (finding.kind !== "server-error" || !previous) continue;
      finding.detail += ` (previous: ${previous.label})`;
      if (answer.error || answer.status === 503) finding.before = previous.spec;
    }
    findings.push(...found);
    previous = { spec, label: `#${index} ${spec.method} ${spec.target.slice(0, 80)} → ${answer.error ?? answer.status}` };

    if (isRejected(answer)) {
      const changed = Object.keys(countsAfter).filter((table) => countsAfter[table] !== countsBefore[table]);
      const written = changed.map((key) =>
        key.endsWith(CONTENT_SUFFIX) ? `${key.slice(0, -CONTENT_SUFFIX.length)} rows changed` : `${key} ${countsBefore[key]} → ${countsAfter[key]}`,
      );
      if (spec.bucket && listingBefore) {
        const listing = listings.get(spec.bucket)!;
        const added = [...listing.keys()].filter((key) => !listingBefore.has(key));
        const removed = [...listingBefore.keys()].filter((key) => !listing.has(key));
        const replaced = [...listing.keys()].filter((key) => listingBefore.has(key) && listingBefore.get(key) !== listing.get(key));
        if (added.length + removed.length + replaced.length > 0) {
          written.push(
            `R2 ${spec.bucket} ${[...added.map((key) => `+${key}`), ...removed.map((key) => `-${key}`), ...replaced.map((key) => `~${key}`)].join(" ")}`,
          );
        }
      }
      if (written.length > 0) {
        findings.push({ kind: "write-on-rejection", spec, answer, detail: `rejected with ${answer.status}, yet ${written.join(", ")}` });
      }
    }

    // A real session may have ended (a fuzzed sign-out): sign in again before the role's next request.
    if (spec.role !== "anonymous" && sessions[spec.role].real) {
      const realCookie = sessions[spec.role].real!;
      const guarded = spec.realSession && /^\/login\?redirectTo=/i.test(redirectTarget(answer) ?? "");
      const signedOut = /logout/i.test(spec.target) && (spec.headers.Cookie ?? "").includes(realCookie) && answer.status < 400;
      if (guarded || (signedOut && !(await sessionAlive(port, realCookie)))) sessions[spec.role].real = "";
    }
  }
}

/**
 * The studio's writes must show as well: a move rewrites services' positions in place (no row count changes, the
 * content digest must), and an accepted upload adds an object to the R2 bucket (the listing must show it).
 */
async function studioProbe(db: Database, adminCookie: string): Promise<void> {
  const { serviceIds } = await db.idPools([]);
  if (serviceIds.length < 2) throw new Error(`the studio probe needs two sample services, the sample content has ${serviceIds.length}`);
  const before = await db.counts();
  const move = await postForm(port, "/Dashboard/Website", { intent: "move-service", id: String(serviceIds[1]), direction: "up" }, { Cookie: adminCookie });
  const after = await db.counts();
  if (move.status !== 302 || after.services !== before.services || after[`services${CONTENT_SUFFIX}`] === before[`services${CONTENT_SUFFIX}`]) {
    throw new Error(`the content digest does not see a studio move (answer ${move.error ?? move.status}, services digest unchanged or row count changed)`);
  }

  const mediaBefore = await db.listing("MEDIA");
  const fields = { intent: "create-service", title: "Fuzz probe service", description: "Seen by db.ts?", photo_alt: "A probe image" };
  const image = { bytes: { kind: "bytes" as const, bytes: bytesOf("png") }, filename: text("probe.png"), contentType: "image/png" };
  const create = await postMultipart(port, "/Dashboard/Website", fields, [{ name: "photourl", file: image }], { Cookie: adminCookie });
  const added = [...(await db.listing("MEDIA")).keys()].filter((key) => !mediaBefore.has(key));
  if (create.status !== 302 || added.length !== 1 || !added[0]!.startsWith("Services/")) {
    throw new Error(`the R2 listing does not see a studio upload (answer ${create.error ?? create.status}, new objects: ${added.join(", ") || "none"})`);
  }
}

/** The site answers normally afterwards: the home page, and an admin sign-in from a fresh address. */
async function afterwards(): Promise<void> {
  const home = await send(port, { method: "GET", target: "/", headers: { "CF-Connecting-IP": maintenanceIp() } });
  if (home.status !== 200 || !home.body.toString("utf8").includes("WELCOM TO PUSH")) {
    failures.push(`afterwards, GET / answered ${home.error ?? home.status} without "WELCOM TO PUSH"`);
  }
  try {
    await signIn(port, ADMIN_EMAIL);
  } catch (error) {
    failures.push(`afterwards, ${(error as Error).message}`);
  }
}
