// Quote requests and orders through the Supabase adapter (issue 13; supabase/migrations/20261126000000_push_orders.sql):
// every change is ONE call of its SQL function, an order's page and the staff's lists are functions too, an
// interpreter's jobs and a file's lookup are plain reads — the exact requests each port call makes, the credentials
// they carry (always the service role), and what the double holds after them. E-mails and files: 12-order-mail-files.
import { beforeEach, describe, expect, it } from "vitest";
import type { NewOrder } from "~/domain/order-records";
import { sha256Hex } from "~/platform/core/hash.server";
import { services as sampleServices } from "../../seed/content";
import { ADMIN, backendFor, double, DOUBLE_URL, idOf, INTERPRETER, languageIdOf, probe, step } from "./helpers";
import { deliveryBy, orderChange, type ChangeFields } from "../fixtures/orders";

type Call = { shape: string | null; credentials: string | null; url: string };
const who = (requests: Call[]) => requests.map(({ shape, credentials }) => `${shape} ${credentials}`);
const paramsOf = (request: Call) => Object.fromEntries(new URL(request.url, DOUBLE_URL).searchParams);
const pathOf = (request: Call) => new URL(request.url, DOUBLE_URL).pathname;
const orders = () => backendFor().orders;
type TableRow = Record<string, unknown>;
const rowsOf = async (table: string, orderId: number) => (await double.table<TableRow>(table)).filter((row) => row.order_id === orderId);

/** 2025-11-25T10:00:00.123Z, and how PostgREST writes it. */
const NOW = 1_764_064_800_123;
const at = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
const QUOTE = { amountMinor: 125_050, currency: "USD", dueDate: "2031-05-18", validUntil: "2031-05-10" };
let [english, spanish, french] = [0, 0, 0];
let [admin, interpreter] = ["", ""];

beforeEach(async () => {
  await double.reset();
  [english, spanish, french] = (await Promise.all(["English", "Spanish", "French"].map(languageIdOf))) as [number, number, number];
  [admin, interpreter] = await Promise.all([idOf(ADMIN), idOf(INTERPRETER)]);
});

let counter = 0;
async function newOrder(overrides: Partial<NewOrder> = {}): Promise<NewOrder> {
  const n = ++counter;
  return {
    customer: { name: "Lena Park", email: "Lena@Example.com", phone: "+1 307 555 0199", company: "Park & Co" },
    serviceId: 1,
    sourceLanguageId: english,
    targetLanguageIds: [spanish, french],
    deadline: "2031-05-20",
    details: "Two contracts",
    locale: "en",
    tokenHash: await sha256Hex(`token-${n}`),
    tokenSealed: `sealed-${n}`,
    files: [{ objectKey: `orders/source-${n}`, fileName: "contract.pdf", contentType: "application/pdf", size: 1234 }],
    ...overrides,
  };
}
async function create(overrides?: Partial<NewOrder>, now = NOW): Promise<number> {
  const created = await orders().create(await newOrder(overrides), now);
  if (!created.ok) throw new Error(created.reason);
  return created.id;
}
const change = (fields: ChangeFields) => orderChange(fields, admin);
const quoted = (basedOn = 1) => change({ transition: "quote", from: "new", to: "quoted", basedOn, quote: QUOTE, detail: { quote: QUOTE } });
/** new → quoted → accepted → in progress, assigned to the sample interpreter. */
async function assigned(id: number) {
  for (const step of [
    quoted(),
    change({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer", actorId: null }),
    change({ transition: "assign", from: "accepted", to: "in_progress", basedOn: 3, interpreterId: interpreter }),
  ]) {
    expect(await orders().transition(id, step, NOW + 1)).toMatchObject({ ok: true });
  }
}

describe("a quote request: its id (push_next_order_id), then one push_create_order call", () => {
  it("stores the customer (e-mail lower-cased), the order, its targets in order, its file and first entry, at the exact millisecond", async () => {
    const order = await newOrder();
    const { result, requests } = await step(() => orders().create(order, NOW));
    expect(result).toEqual({ ok: true, id: 1 });
    expect(who(requests)).toEqual(["rpc.push_next_order_id service", "rpc.push_create_order service"]);
    expect(requests[1]).toMatchObject({ method: "POST", status: 200 });
    expect(pathOf(requests[1]!)).toBe("/rest/v1/rpc/push_create_order");
    expect(await double.table("customers")).toEqual([
      { id: 1, name: "Lena Park", email: "lena@example.com", phone: "+1 307 555 0199", company: "Park & Co", created_at: at(NOW) },
    ]);
    expect(await double.table("orders")).toEqual([
      expect.objectContaining({
        id: 1,
        customer_id: 1,
        status: "new",
        version: 1,
        service_id: 1,
        service_title: sampleServices[0]!.title,
        source_language_id: english,
        source_language: "English",
        deadline: "2031-05-20",
        token_hash: order.tokenHash,
        token_sealed: order.tokenSealed,
        token_revoked_at: null,
        created_at: at(NOW),
        updated_at: at(NOW),
      }),
    ]);
    expect(await rowsOf("order_targets", 1)).toEqual([
      { order_id: 1, language_id: spanish, language: "Spanish", position: 0 },
      { order_id: 1, language_id: french, language: "French", position: 1 },
    ]);
    expect(await rowsOf("order_files", 1)).toEqual([
      expect.objectContaining({ kind: "source", object_key: order.files[0]!.objectKey, size: 1234, uploaded_by: null }),
    ]);
    expect(await rowsOf("order_events", 1)).toEqual([
      expect.objectContaining({ actor: "customer", action: "requested", to_status: "new", detail: {}, at: at(NOW) }),
    ]);
  });

  it("is refused with an unknown service or language, storing nothing", async () => {
    const refusals: [Partial<NewOrder>, string][] = [
      [{ serviceId: 999 }, "unknown-service"],
      [{ sourceLanguageId: 999 }, "unknown-language"],
      [{ targetLanguageIds: [spanish, 999] }, "unknown-language"],
    ];
    for (const [overrides, reason] of refusals) {
      const { result, requests } = await step(async () => orders().create(await newOrder(overrides), NOW));
      expect(result).toEqual({ ok: false, reason });
      expect(who(requests)).toEqual(["rpc.push_next_order_id service", "rpc.push_create_order service"]);
    }
    for (const table of ["customers", "orders", "order_targets", "order_files", "order_events"]) expect(await double.table(table), table).toEqual([]);
  });
});

describe("an order's page: one call each", () => {
  it("get answers the order with its rows; byTokenHash the same until the link is revoked; unknown ones are null", async () => {
    const order = await newOrder();
    const id = await create(order);
    const got = await step(() => orders().get(id));
    expect(who(got.requests)).toEqual(["rpc.push_get_order service"]);
    expect(got.result).toMatchObject({ id, status: "new", createdAt: NOW, tokenSealed: order.tokenSealed, targetLanguages: ["Spanish", "French"] });
    const byToken = await step(() => orders().byTokenHash(order.tokenHash));
    expect(who(byToken.requests)).toEqual(["rpc.push_order_by_token service"]);
    expect(byToken.result).toEqual(got.result);
    expect((await step(() => orders().get(999))).result).toBeNull();

    const revoked = await step(() => orders().revokeLink(id, admin, NOW + 5));
    expect(revoked.result).toBe(true);
    expect(who(revoked.requests)).toEqual(["rpc.push_revoke_order_link service"]);
    expect(await double.table("orders")).toEqual([expect.objectContaining({ token_revoked_at: at(NOW + 5) })]);
    expect(await orders().byTokenHash(order.tokenHash)).toBeNull();
    expect(await orders().revokeLink(id, admin, NOW + 6)).toBe(false);
  });

  it("file is a read of one file of one order", async () => {
    const id = await create();
    const other = await create();
    const { result, requests } = await step(() => orders().file(id, 1));
    expect(result).toMatchObject({ id: 1, orderId: id, objectKey: expect.stringMatching(/^orders\//), fileName: "contract.pdf" });
    expect(who(requests)).toEqual(["rest.order_files.get service"]);
    expect(paramsOf(requests[0]!)).toEqual({ select: "id,order_id,kind,object_key,file_name,content_type,size,created_at", id: "eq.1", order_id: `eq.${id}` });
    expect((await step(() => orders().file(other, 1))).result).toBeNull();
  });
});

describe("transitions: one push_transition_order call each", () => {
  it("stores the status and version, the quote and the history entry with its detail", async () => {
    const id = await create();
    const { result, requests } = await step(() => orders().transition(id, quoted(), NOW + 1));
    expect(result).toEqual({ ok: true, version: 2 });
    expect(who(requests)).toEqual(["rpc.push_transition_order service"]);
    expect(await double.table("orders")).toEqual([expect.objectContaining({ status: "quoted", version: 2, updated_at: at(NOW + 1) })]);
    expect(await double.table("order_quotes")).toEqual([
      { order_id: id, amount_minor: QUOTE.amountMinor, currency: "USD", due_date: QUOTE.dueDate, valid_until: QUOTE.validUntil, quoted_at: at(NOW + 1) },
    ]);
    expect((await rowsOf("order_events", id))[1]).toMatchObject({
      actor: "staff",
      actor_id: admin,
      action: "quote",
      from_status: "new",
      to_status: "quoted",
      detail: { quote: QUOTE },
    });
  });

  it("deliver keeps the files with the interpreter who uploaded them; the job's reads show only the job", async () => {
    const id = await create();
    await assigned(id);
    const delivery = [{ objectKey: "orders/delivery-1", fileName: "contract-es.pdf", contentType: "application/pdf", size: 2048 }];
    expect((await step(() => orders().transition(id, deliveryBy(interpreter, delivery), NOW + 2))).result).toEqual({ ok: true, version: 5 });
    expect((await rowsOf("order_files", id)).map((row) => [row.kind, row.object_key, row.uploaded_by])).toEqual([
      ["source", expect.any(String), null],
      ["delivery", "orders/delivery-1", interpreter],
    ]);

    const jobs = await step(() => orders().jobs(interpreter, 1));
    expect(who(jobs.requests)).toEqual(["rest.orders.jobs service"]);
    // One page: the adapter asks for 20 rows and their count, never every job.
    expect(paramsOf(jobs.requests[0]!)).toEqual({
      select: "id,status,version,service_title,source_language,deadline,created_at,order_targets(language,position)",
      interpreter_id: `eq.${interpreter}`,
      order: "created_at.desc,id.desc",
      offset: "0",
      limit: "20",
    });
    expect(jobs.result).toEqual({
      items: [
        {
          id,
          status: "delivered",
          version: 5,
          serviceTitle: sampleServices[0]!.title,
          sourceLanguage: "English",
          targetLanguages: ["Spanish", "French"],
          deadline: "2031-05-20",
          createdAt: NOW,
        },
      ],
      total: 1,
      page: 1,
      pageCount: 1,
    });
    // Past the last page: an empty page that still knows the count.
    const past = await step(() => orders().jobs(interpreter, 3));
    expect(who(past.requests)).toEqual(["rest.orders.jobs service", "rest.orders.jobs-count service"]);
    expect(past.result).toEqual({ items: [], total: 1, page: 3, pageCount: 1 });
    const job = await step(() => orders().job(interpreter, id));
    expect(who(job.requests)).toEqual(["rest.orders.job service"]);
    expect(paramsOf(job.requests[0]!)).toMatchObject({ id: `eq.${id}`, interpreter_id: `eq.${interpreter}` });
    expect(job.result).toMatchObject({ id, details: "Two contracts", files: [{ kind: "source" }, { kind: "delivery", fileName: "contract-es.pdf" }] });
    expect(Object.keys(job.result!)).not.toContain("customer");
    expect((await step(() => orders().job(admin, id))).result).toBeNull();
    expect(await orders().jobs(admin, 1)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("a stale version or another status is refused and writes nothing; an unknown order is not found", async () => {
    const id = await create();
    const stale = await step(() => orders().transition(id, quoted(7), NOW + 1));
    expect(stale.result).toEqual({ ok: false, reason: "stale" });
    expect(who(stale.requests)).toEqual(["rpc.push_transition_order service"]);
    expect(await orders().transition(id, change({ transition: "complete", from: "delivered", to: "completed", basedOn: 1 }), NOW)).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(await double.table("orders")).toEqual([expect.objectContaining({ status: "new", version: 1 })]);
    expect(await double.table("order_quotes")).toEqual([]);
    expect(await rowsOf("order_events", id)).toHaveLength(1);
    expect(await orders().transition(999, quoted(), NOW)).toEqual({ ok: false, reason: "not-found" });
  });

  it("of three changes from the same version at once, exactly one is stored, with its own rows only", async () => {
    const id = await create();
    const cheap = { ...QUOTE, amountMinor: 100 };
    const { result } = await step(() =>
      Promise.all([
        orders().transition(id, quoted(), NOW + 1),
        orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: cheap, detail: { quote: cheap } }), NOW + 1),
        orders().transition(
          id,
          change({ transition: "cancel", from: "new", to: "cancelled", basedOn: 1, cancelReason: "Duplicate", detail: { reason: "Duplicate" } }),
          NOW + 1,
        ),
      ]),
    );
    expect(result.filter((outcome) => outcome.ok)).toEqual([{ ok: true, version: 2 }]);
    expect(await rowsOf("order_events", id)).toHaveLength(2);
    expect((await double.table("order_quotes")).length).toBe(result.findIndex((outcome) => outcome.ok) === 2 ? 0 : 1);
  });
});

describe("the thread and the note: one call each", () => {
  it("addMessage stores the customer's and staff's messages; setNote the note and its entry; false for no such order", async () => {
    const id = await create();
    const message = await step(() => orders().addMessage(id, { author: "customer", authorId: null, body: "By Friday?" }, NOW + 1));
    expect(message.result).toBe(true);
    expect(who(message.requests)).toEqual(["rpc.push_add_order_message service"]);
    expect(await orders().addMessage(id, { author: "staff", authorId: admin, body: "Yes." }, NOW + 2)).toBe(true);
    expect(await orders().addMessage(999, { author: "staff", authorId: admin, body: "Lost" }, NOW)).toBe(false);
    expect((await rowsOf("order_messages", id)).map((row) => [row.author, row.author_id, row.body, row.created_at])).toEqual([
      ["customer", null, "By Friday?", at(NOW + 1)],
      ["staff", admin, "Yes.", at(NOW + 2)],
    ]);

    const note = await step(() => orders().setNote(id, "Rush job", admin, NOW + 3));
    expect(note.result).toBe(true);
    expect(who(note.requests)).toEqual(["rpc.push_set_order_note service"]);
    expect(await double.table("orders")).toEqual([expect.objectContaining({ internal_note: "Rush job", version: 1 })]);
    expect((await rowsOf("order_events", id)).at(-1)).toMatchObject({ action: "note", actor: "staff", actor_id: admin });
    expect(await orders().setNote(999, "x", admin, NOW)).toBe(false);
  });
});

describe("the staff's lists: one call each", () => {
  it("list, customers and customer", async () => {
    const first = await create({ customer: { name: "Omar Said", email: "omar@example.com", phone: "", company: "Said Legal" } });
    const second = await create({}, NOW + 1);
    await orders().transition(first, quoted(), NOW + 2);
    const query = { search: "", status: null, serviceId: null, languageId: null, from: null, to: null, page: 1 };
    const list = await step(() => orders().list({ ...query, search: `PUSH-${String(first).padStart(4, "0")}` }));
    expect(who(list.requests)).toEqual(["rpc.push_list_orders service"]);
    expect(list.result).toMatchObject({ total: 1, page: 1, pageCount: 1, items: [{ id: first, quote: { amountMinor: QUOTE.amountMinor, currency: "USD" } }] });
    expect((await orders().list(query)).items.map((order) => order.id)).toEqual([second, first]);

    // An order is its customer's once the address is proven or staff confirm it (issue 22): one call.
    const verified = await step(() => orders().verifyIdentity(first, NOW + 3));
    expect([verified.result, who(verified.requests)]).toEqual([true, ["rpc.push_verify_order_identity service"]]);
    expect(await orders().get(first)).toMatchObject({ identityVerified: true, customer: { name: "Omar Said" } });
    const customers = await step(() => orders().customers({ search: "said", page: 1 }));
    expect(who(customers.requests)).toEqual(["rpc.push_list_customers service"]);
    expect(customers.result).toMatchObject({
      total: 1,
      items: [{ name: "Omar Said", company: "Said Legal", orderCount: 1, acceptedValue: [], lastOrderAt: NOW }],
    });
    const customer = await step(() => orders().customer(customers.result.items[0]!.id, 1));
    expect(who(customer.requests)).toEqual(["rpc.push_get_customer service"]);
    // One page of their orders, asked for as such (the shape requires p_limit 20 and p_offset).
    expect(customer.result?.orders).toMatchObject({ items: [{ id: first }], total: 1, page: 1, pageCount: 1 });
    expect(await orders().customer(999, 1)).toBeNull();
  });
});

describe("the double holds the migration's rules", () => {
  it("a language or an interpreter removed later leaves the order as it was asked for (ON DELETE SET NULL)", async () => {
    const id = await create();
    await assigned(id);
    expect(await backendFor().languages.remove(french)).toMatchObject({ ok: true });
    expect(await backendFor().interpreters.remove(interpreter)).toMatchObject({ ok: true });
    expect(await orders().get(id)).toMatchObject({
      interpreter: null,
      targets: [
        { languageId: spanish, name: "Spanish" },
        { languageId: null, name: "French" },
      ],
      targetLanguages: ["Spanish", "French"],
    });
  });

  it("the functions are the service role's: with the public key a call is not even an allowed request", async () => {
    const response = await probe("/rest/v1/rpc/push_get_order", {
      key: "anon",
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ p_id: 1 }),
    });
    expect(response.status).toBe(400);
    expect((await double.requests((await double.lastSeq()) - 1))[0]!.violation!.join()).toMatch(/expected the service key, got anon/);
  });
});
