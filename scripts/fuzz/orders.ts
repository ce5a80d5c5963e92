// The run's orders (issue 13), made before the fuzzing through the product's own forms, one in each state of the
// order's life (new, quoted, accepted, in progress, delivered, cancelled, and one whose status link is revoked), so requests
// can name real orders, status links and files (params.ts). Their tokens come from the quote requests' redirects;
// everything else is read back from the server's own database. The sample interpreter speaks the languages of the
// orders assigned in the set-up (Spanish, English, Portuguese), so the assign step can succeed in the run too.
//
// What they store is hostile, so every page and download that shows it meets it from the first request on (the
// sweep views each page as each role): markup with a marker in a customer's name and company, the details, both
// sides of the thread, the internal note and a cancel reason (checks.ts names the set-up as its source), and
// documents named in Arabic script, with a 120-character cut inside a surrogate pair, a right-to-left override,
// quotes and angle brackets.
//
// The first quote request is also the FILES check's self-test: a request with a document must show as one more
// order in the counts and one new object in the FILES listing; the first quote must show in the orders digest
// without changing its count (a step rewrites its order in place).
import { sha256Hex } from "./cookies";
import { CONTENT_SUFFIX, type Database } from "./db";
import { documentOf } from "./documents";
import type { Answer } from "./http";
import type { OrderFixture } from "./params";
import { dayFromToday } from "./payloads-orders";
import { INTERPRETER_EMAIL, postForm, postMultipart } from "./sessions";
import type { FilePayload } from "./values";

export type OrderPools = { orders: OrderFixture[]; sampleInterpreterId: string; markers: number[] };

/** The markers of the markup the set-up stores; payloads.ts numbers the campaign's own from 1. */
const MARKER = 900_000;
const MARKUP = {
  company: `Sato <fz-${MARKER + 1}> Trading`,
  details: `Please keep the layout.</textarea><fz-${MARKER + 2}>`,
  name: `Omar "><svg onload=fz${MARKER + 3}> Ali`,
  customerMessage: `Is the price final? <script>fz${MARKER + 4}</script>`,
  staffMessage: `Your files are ready. '><img src=x onerror=fz${MARKER + 5}>`,
  note: `Call first. <fz-${MARKER + 6}>`,
  reason: `Asked twice <iframe src=javascript:fz${MARKER + 7}>`,
};

type Request = {
  locale?: "/ar";
  name: string;
  email: string;
  company?: string;
  details?: string;
  source: string;
  targets: string[];
  file: FilePayload;
};

export async function orderSetUp(port: number, db: Database, cookies: { admin: string; interpreter: string }): Promise<OrderPools> {
  const languages = new Map((await db.rows<{ id: number; name: string }>("select id, name from languages")).map((row) => [row.name, String(row.id)]));
  const language = (name: string) => languages.get(name) ?? fail(`the sample content has no language ${name}`);
  const [service] = await db.rows<{ id: number }>("select id from services order by id limit 1");
  const [interpreter] = await db.rows<{ id: string }>("select id from users where email = ?", INTERPRETER_EMAIL);
  if (!service || !interpreter) fail("the sample content has no service or no sample interpreter");
  const ok = (what: string, answer: Answer) => {
    const location = answer.headers.location ?? "";
    if (answer.status !== 302 || /^\/login/i.test(location))
      fail(`${what} answered ${answer.error ?? answer.status} ${location || answer.body.toString("utf8").slice(0, 300)}`);
    return location;
  };

  const request = async (order: Request) => {
    const fields = {
      name: order.name,
      email: order.email,
      phone: "+1 307 555 0199",
      company: order.company ?? "",
      service: String(service.id),
      source: language(order.source),
      targets: order.targets.map(language),
      deadline: dayFromToday(30),
      details: order.details ?? "Set up by the fuzz campaign.",
      consent: "on",
      website: "",
    };
    const location = ok(
      `the quote request of ${order.email}`,
      await postMultipart(port, `${order.locale ?? ""}/Quote`, fields, [{ name: "files", file: order.file.file }]),
    );
    const token = /\/Quote\/([A-Za-z0-9_-]{43})\?received=1$/.exec(location)?.[1] ?? fail(`the quote request redirected to ${location}, not to a status page`);
    const [row] = await db.rows<{ id: number }>("select id from orders where token_hash = ?", sha256Hex(token));
    return { id: row?.id ?? fail("the quote request's order is not in the database"), token };
  };
  const staff = (id: number, fields: Record<string, string>) => postForm(port, `/Dashboard/Orders/${id}`, fields, { Cookie: cookies.admin });
  const quote = async (id: number) =>
    ok(
      `quoting order ${id}`,
      await staff(id, { intent: "quote", basedOn: "1", amount: "1,250.50", currency: "USD", dueDate: dayFromToday(20), validUntil: dayFromToday(10) }),
    );
  const accept = async (token: string) => ok("accepting a quote", await postForm(port, `/Quote/${token}`, { intent: "accept", basedOn: "2" }));
  const assign = async (id: number) => ok(`assigning order ${id}`, await staff(id, { intent: "assign", basedOn: "3", interpreterId: interpreter.id }));

  // new — and the self-test: one order, one object in FILES.
  const before = await db.counts();
  const filesBefore = await db.listing("FILES");
  const created = await request({
    name: "Ana López",
    email: "ana.lopez@example.com",
    source: "English",
    targets: ["Spanish"],
    file: documentOf("pdf", "Probe letter.pdf"),
  });
  const after = await db.counts();
  const added = [...(await db.listing("FILES")).keys()].filter((key) => !filesBefore.has(key));
  if (after.orders !== (before.orders ?? 0) + 1 || added.length !== 1 || !added[0]!.startsWith("orders/")) {
    fail(`the checks do not see a quote request (orders ${before.orders} → ${after.orders}, new FILES objects: ${added.join(", ") || "none"})`);
  }

  // quoted: a repeat customer, in Arabic, two targets, a document with a name in Arabic script.
  const quoted = await request({
    locale: "/ar",
    name: "Ana López",
    email: "ana.lopez@example.com",
    source: "Arabic",
    targets: ["English", "French"],
    file: documentOf("docx", "عقد العمل.docx"),
  });
  const digestBefore = await db.counts();
  await quote(quoted.id);
  const digestAfter = await db.counts();
  if (digestAfter.orders !== digestBefore.orders || digestAfter[`orders${CONTENT_SUFFIX}`] === digestBefore[`orders${CONTENT_SUFFIX}`]) {
    fail("the orders digest does not see a quote (unchanged, or the order count changed)");
  }

  const accepted = await request({
    name: "Kenji Sato",
    email: "kenji.sato@example.com",
    company: MARKUP.company,
    source: "Spanish",
    targets: ["English"],
    file: documentOf("txt", `x${"😀".repeat(80)}.txt`),
  });
  await quote(accepted.id);
  await accept(accepted.token);

  const inProgress = await request({
    name: "Marta Ruiz",
    email: "marta.ruiz@example.com",
    details: MARKUP.details,
    source: "Spanish",
    targets: ["English", "Portuguese"],
    file: documentOf("jpeg", "scan\u202Egpj.exe"),
  });
  await quote(inProgress.id);
  await accept(inProgress.token);
  await assign(inProgress.id);

  // delivered by the interpreter, from their job's page.
  const delivered = await request({
    name: "Marta Ruiz",
    email: "marta.ruiz@example.com",
    source: "English",
    targets: ["Spanish"],
    file: documentOf("png", "diagram.png"),
  });
  await quote(delivered.id);
  await accept(delivered.token);
  await assign(delivered.id);
  const delivery = documentOf("pdf", "Translation.pdf");
  ok(
    "the interpreter's delivery",
    await postMultipart(port, `/Dashboard/Jobs/${delivered.id}`, { intent: "deliver", basedOn: "4" }, [{ name: "files", file: delivery.file }], {
      Cookie: cookies.interpreter,
    }),
  );

  const revoked = await request({
    name: "Omar Ali",
    email: "omar.ali@example.com",
    source: "English",
    targets: ["Arabic"],
    file: documentOf("txt", 'letter "final" <draft>.txt'),
  });
  ok("revoking a status link", await staff(revoked.id, { intent: "revoke-link" }));

  // cancelled, with its reason; and the thread and the note of the others.
  const cancelled = await request({
    name: MARKUP.name,
    email: "lena.weber@example.com",
    source: "German",
    targets: ["English"],
    file: documentOf("pdf", "Vertrag.pdf"),
  });
  ok("cancelling an order", await staff(cancelled.id, { intent: "cancel", basedOn: "1", reason: MARKUP.reason }));
  ok("the customer's message", await postForm(port, `/Quote/${quoted.token}`, { intent: "message", body: MARKUP.customerMessage }));
  ok("the staff's message", await staff(delivered.id, { intent: "message", body: MARKUP.staffMessage }));
  ok("the internal note", await staff(created.id, { intent: "note", note: MARKUP.note }));

  // Read back as the database has them (states, versions, files); the e-mails each step queued are relayed after
  // the answers: let that finish before the campaign counts rows.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const tokens = new Map([created, quoted, accepted, inProgress, delivered, revoked, cancelled].map((order) => [order.id, order.token]));
  const rows = await db.rows<{ id: number; status: string; version: number; revoked: number; customer_id: number }>(
    "select id, status, version, token_revoked_at is not null as revoked, customer_id from orders order by id",
  );
  const files = await db.rows<{ id: number; order_id: number; kind: string }>("select id, order_id, kind from order_files order by id");
  const orders = rows.map((row): OrderFixture => ({
    id: row.id,
    status: row.status,
    version: row.version,
    token: tokens.get(row.id) ?? fail(`order ${row.id} was not made by the set-up`),
    revoked: Boolean(row.revoked),
    customerId: row.customer_id,
    sourceFiles: files.filter((file) => file.order_id === row.id && file.kind === "source").map((file) => file.id),
    deliveryFiles: files.filter((file) => file.order_id === row.id && file.kind === "delivery").map((file) => file.id),
  }));
  const states = orders.map((order) => (order.revoked ? "revoked" : order.status)).join(", ");
  if (states !== "new, quoted, accepted, in_progress, delivered, revoked, cancelled") fail(`the set-up's orders ended up ${states}`);
  const markers = Object.values(MARKUP).map((value) => Number(/fz-?(\d+)/.exec(value)![1]));
  return { orders, sampleInterpreterId: interpreter.id, markers };
}

function fail(message: string): never {
  throw new Error(`the order set-up: ${message}`);
}
