// supabase/migrations/20261205001200_push_customer_portal.sql and 20261205001700_push_portal_messages.sql on real
// Postgres (issue 27): two organisations, Clinic A and Firm B, each with a requester and work of their own (a proven and
// an unproven order, each with messages, an appointment, an issued invoice and a draft), and a walk-in customer's. A requester's own token reads only their organisation's proven
// orders, appointments and issued invoices; staff read as before; the worker's functions take the organisation id and
// answer nothing of another organisation's, by id, list or search.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, rowsAs, run, signedIn, within } from "./support/db";
import { permissionDenied } from "./support/expect";
import { ADMIN_ID, admin, createWithFixtures, interpreter } from "./support/fixtures";
import { requestAppointment } from "./support/appointments";
import { addItems, createDraft, issueInvoice, item } from "./support/invoices";
import { call, createOrder } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const CLINIC_PERSON = "00000000-0000-4000-8000-00000000d001";
const FIRM_PERSON = "00000000-0000-4000-8000-00000000d002";
const clinicRequester = signedIn(CLINIC_PERSON, "Clinic A's requester");
const firmRequester = signedIn(FIRM_PERSON, "Firm B's requester");
const NOW = Date.UTC(2026, 11, 10, 15);

type Ids = { order: number; unproven: number; appointment: number; invoice: number; draft: number };
const ids: Record<"clinic" | "firm" | "walkIn", Ids> = {} as never;

/** An organisation's customer's work: a proven and an unproven order, an appointment, an issued invoice and a draft. */
async function workOf(tx: Transaction, email: string, n: number): Promise<Ids> {
  const order = (await createOrder(tx, { email, name: `Person ${n}` })).id;
  const unproven = (await createOrder(tx, { email, name: `Stranger ${n}` })).id;
  await tx.query("update public.orders set identity_verified_at = now() where id = $1", [order]);
  // The proven order's thread (the customer's, then a staff member's reply) and the unproven one's, which is not theirs.
  await tx.query(
    `insert into public.order_messages (order_id, author, author_id, body, created_at) values
       ($1, 'customer', null, $3, '2026-12-01T10:00:00Z'), ($1, 'staff', $4, 'Yes, by Friday.', '2026-12-01T11:00:00Z'),
       ($2, 'customer', null, 'Unproven note ' || $3, '2026-12-01T12:00:00Z')`,
    [order, unproven, `Message of person ${n}`, ADMIN_ID],
  );
  const appointment = (await requestAppointment(tx, { email, hash: `${n}`.padStart(64, "f") })).id!;
  const customer = Number((await tx.query<{ id: number }>("select id from public.customers where email = $1", [email])).rows[0]!.id);
  await addItems(tx, [item(`appointment:${n}1`, { customer_id: customer, work_day: "2026-11-03" })]);
  const invoice = (await createDraft(tx, { customer, from: "2026-11-03", to: "2026-11-03" })).id!;
  await issueInvoice(tx, invoice, 1, 0, 2026);
  await addItems(tx, [item(`appointment:${n}2`, { customer_id: customer, work_day: "2026-11-04" })]);
  const draft = (await createDraft(tx, { customer, from: "2026-11-04", to: "2026-11-04" })).id!;
  return { order, unproven, appointment, invoice, draft };
}

const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(
    db,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, '', now(), now()
     from (values ($1::uuid, 'ann@clinic.test'), ($2::uuid, 'bo@firm.test')) as a (id, email)`,
    [CLINIC_PERSON, FIRM_PERSON],
  );
  await asSuperuser(db, "insert into public.organisations (id, name) overriding system value values (1, 'Clinic A'), (2, 'Firm B')");
  await asSuperuser(db, "insert into public.customer_people (account_id, organisation_id, full_name) values ($1, 1, 'Ann Clinic'), ($2, 2, 'Bo Firm')", [
    CLINIC_PERSON,
    FIRM_PERSON,
  ]);
  await within(
    db,
    null,
    async (tx) => {
      ids.clinic = await workOf(tx, "ann@clinic.test", 1);
      ids.firm = await workOf(tx, "bo@firm.test", 2);
      ids.walkIn = await workOf(tx, "walk@in.test", 3);
      await tx.query("update public.customers set organisation_id = 1 where email = 'ann@clinic.test'");
      await tx.query("update public.customers set organisation_id = 2 where email = 'bo@firm.test'");
    },
    { commit: true },
  );
});

const idsAs = async (actor: typeof clinicRequester, table: string) =>
  (await rowsAs(db, actor, `select id from public.${table} order by id`)).map((row) => Number(row.id));

describe("the portal's functions: only the service role executes them", () => {
  itIsTheServiceRolesAlone(() => db, {
    push_portal_orders: "public.push_portal_orders(1, '', null, 10, 0)",
    push_portal_order: "public.push_portal_order(1, 1)",
    push_portal_appointments: "public.push_portal_appointments(1, '', null, true, 0, 10, 0)",
    push_portal_appointment: "public.push_portal_appointment(1, 1)",
    push_portal_invoices: "public.push_portal_invoices(1, 10, 0)",
    push_portal_invoice: "public.push_portal_invoice(1, 1)",
    push_portal_messages: "public.push_portal_messages(1, '', null, 10, 0)",
  });

  it("a requester cannot execute them either", async () => {
    expect(await run(db, clinicRequester, "select public.push_portal_order(1, 1)")).toEqual(permissionDenied("function push_portal_order"));
  });
});

describe("a requester's own token (RLS)", () => {
  it("reads their organisation's proven orders, its appointments and its issued invoices, nothing else", async () => {
    expect(await idsAs(clinicRequester, "orders")).toEqual([ids.clinic.order]);
    expect(await idsAs(clinicRequester, "appointments")).toEqual([ids.clinic.appointment]);
    expect(await idsAs(clinicRequester, "invoices")).toEqual([ids.clinic.invoice]);
    expect(await idsAs(firmRequester, "orders")).toEqual([ids.firm.order]);
    expect(await idsAs(firmRequester, "appointments")).toEqual([ids.firm.appointment]);
    expect(await idsAs(firmRequester, "invoices")).toEqual([ids.firm.invoice]);
  });

  it("reads no row of the other organisation by id, and never the link hashes or the internal note", async () => {
    expect(await rowsAs(db, clinicRequester, "select id from public.orders where id = $1", [ids.firm.order])).toEqual([]);
    expect(await rowsAs(db, clinicRequester, "select id from public.appointments where id = $1", [ids.firm.appointment])).toEqual([]);
    expect(await rowsAs(db, clinicRequester, "select id from public.invoices where id = $1", [ids.firm.invoice])).toEqual([]);
    expect(await run(db, clinicRequester, "select internal_note from public.orders")).toEqual(permissionDenied("table orders"));
    expect(await run(db, clinicRequester, "select token_hash from public.appointments")).toEqual(permissionDenied("table appointments"));
  });

  it("changes nothing: no UPDATE or DELETE of their own rows", async () => {
    expect(await run(db, clinicRequester, "update public.orders set details = 'x' where id = $1", [ids.clinic.order])).toEqual(
      permissionDenied("table orders"),
    );
    expect(await run(db, clinicRequester, "delete from public.invoices where id = $1", [ids.clinic.invoice])).toEqual(permissionDenied("table invoices"));
  });

  it("staff read as before: an admin every row, an interpreter none of these unassigned ones", async () => {
    expect((await idsAs(admin, "orders")).length).toBe(6);
    expect((await idsAs(admin, "invoices")).length).toBe(6);
    expect(await idsAs(interpreter, "orders")).toEqual([]);
    expect(await idsAs(interpreter, "appointments")).toEqual([]);
  });
});

describe("the worker's functions (as the service role): the organisation in the same statement", () => {
  const as = <T>(sql: string, params: unknown[]) => within(db, { role: "service_role" }, (tx) => call<T>(tx, sql, params));
  type Page = { total: number; items: { id: number }[] };

  it("lists and reads one organisation's work, never another's: by id, list and search", async () => {
    const orders = await as<Page>("public.push_portal_orders($1, '', null, 10, 0)", [1]);
    expect(orders).toMatchObject({ total: 1, items: [{ id: ids.clinic.order }] });
    expect(await as<Page>("public.push_portal_orders($1, 'Person 2', null, 10, 0)", [1])).toMatchObject({ total: 0 });
    expect(await as<Page>("public.push_portal_orders($1, 'x', $2, 10, 0)", [1, ids.firm.order])).toMatchObject({ total: 0 });
    expect(await as<{ id: number; internal_note: string } | null>("public.push_portal_order($1, $2)", [1, ids.clinic.order])).toMatchObject({
      id: ids.clinic.order,
      internal_note: "",
    });
    for (const [fn, id] of [
      ["push_portal_order", ids.firm.order],
      ["push_portal_order", ids.clinic.unproven],
      ["push_portal_appointment", ids.firm.appointment],
      ["push_portal_invoice", ids.firm.invoice],
      ["push_portal_invoice", ids.clinic.draft],
    ] as const) {
      expect(await as(`public.${fn}($1, $2)`, [1, id]), `${fn} ${id}`).toBeNull();
    }
  });

  it("splits appointments at now, and sums what is open over issued invoices only", async () => {
    const upcoming = await as<Page>("public.push_portal_appointments($1, '', null, true, $2, 10, 0)", [1, NOW]);
    expect(upcoming.items.map((row) => row.id)).toEqual([ids.clinic.appointment]);
    expect(await as<Page>("public.push_portal_appointments($1, '', null, false, $2, 10, 0)", [1, NOW])).toMatchObject({ total: 0 });
    const invoices = await as<Page & { open: { currency: string; open_minor: number }[] }>("public.push_portal_invoices($1, 10, 0)", [1]);
    expect(invoices.items.map((row) => row.id)).toEqual([ids.clinic.invoice]);
    expect(invoices.open).toEqual([{ currency: "USD", open_minor: 18281 }]);
  });

  it("lists the messages of the organisation's proven orders, newest first, PUSH's without a name; never another's", async () => {
    type Message = { id: number; order_id: number; author: string; customer_name: string | null; body: string };
    const page = await as<{ total: number; items: Message[] }>("public.push_portal_messages($1, '', null, 10, 0)", [1]);
    expect(page.total).toBe(2);
    expect(page.items.map(({ order_id, author, customer_name, body }) => ({ order_id, author, customer_name, body }))).toEqual([
      { order_id: ids.clinic.order, author: "staff", customer_name: null, body: "Yes, by Friday." },
      { order_id: ids.clinic.order, author: "customer", customer_name: "Person 1", body: "Message of person 1" },
    ]);
    expect(JSON.stringify(page)).not.toContain(ADMIN_ID);
    expect(await as<Page>("public.push_portal_messages($1, 'MESSAGE OF PERSON 2', null, 10, 0)", [1])).toMatchObject({ total: 0 });
    expect(await as<Page>("public.push_portal_messages($1, 'x', $2, 10, 0)", [1, ids.firm.order])).toMatchObject({ total: 0 });
    expect(await as<Page>("public.push_portal_messages($1, 'unproven', null, 10, 0)", [1])).toMatchObject({ total: 0 });
    expect(await as<Page>("public.push_portal_messages($1, 'of PERSON', null, 10, 0)", [1])).toMatchObject({ total: 1 });
    expect(await as<Page>("public.push_portal_messages($1, 'x', $2, 10, 0)", [2, ids.firm.order])).toMatchObject({ total: 2 });
  });
});
