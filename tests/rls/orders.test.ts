// supabase/migrations/20261126000000_push_orders.sql on real Postgres: who reaches customers, orders and what hangs
// off them through the public API. Anon reaches nothing (customers come through the worker and their status link's
// token); an interpreter reads only the orders assigned to them, with their languages and files, and no price, no
// customer's contact details, no thread and no history; admins read all; every write is the service role's.
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, fileDatabase, rowsAs, run, serviceRole, within, type Actor, type Row } from "./support/db";
import { permissionDenied } from "./support/expect";
import { ADMIN_ID, admin, createWithFixtures, INTERPRETER_ID, interpreter, otherInterpreter } from "./support/fixtures";

const ORDER_TABLES = ["customers", "orders", "order_targets", "order_quotes", "order_files", "order_messages", "order_events"] as const;
type OrderTable = (typeof ORDER_TABLES)[number];

const db = fileDatabase(createWithFixtures, async () => {
  // Two customers, three orders: #1 assigned to the interpreter, #2 to the other interpreter, #3 to nobody.
  await db.exec(`
    insert into public.customers (id, name, email, phone, company) overriding system value values
      (1, 'Lina Haddad', 'lina@customer.test', '+1 307 555 0150', 'Haddad Legal'),
      (2, 'Omar Said', 'omar@customer.test', '', '');
    insert into public.orders (id, customer_id, service_id, service_title, source_language_id, source_language, deadline,
                               status, interpreter_id, token_hash) overriding system value values
      (1, 1, 1, 'Document Translation', 2, 'English', '2026-12-01', 'in_progress', '${INTERPRETER_ID}', repeat('a', 64)),
      (2, 2, 1, 'Document Translation', 2, 'English', '2026-12-02', 'in_progress', '00000000-0000-4000-8000-00000000b002', repeat('b', 64)),
      (3, 2, 2, 'Medical Interpreting', 3, 'Spanish', '2026-12-03', 'new', null, repeat('c', 64));
    insert into public.order_targets (order_id, language_id, language, position) values
      (1, 3, 'Spanish', 1), (1, 4, 'French', 2), (2, 1, 'Arabic', 1), (3, 2, 'English', 1);
    insert into public.order_quotes (order_id, amount_minor, currency, due_date, valid_until) values
      (1, 125050, 'USD', '2026-12-01', '2026-11-30'), (2, 9000, 'EUR', '2026-12-02', '2026-11-30');
    insert into public.order_files (id, order_id, kind, object_key, file_name, content_type, size) overriding system value values
      (1, 1, 'source', 'orders/1/k1', 'contract.pdf', 'application/pdf', 1200),
      (2, 2, 'source', 'orders/2/k2', 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 900),
      (3, 3, 'source', 'orders/3/k3', 'notes.txt', 'text/plain; charset=utf-8', 40);
    insert into public.order_messages (order_id, author, body) values (1, 'customer', 'Is Friday possible?'), (2, 'staff', 'Yes.');
    insert into public.order_events (order_id, actor, action, from_status, to_status) values
      (1, 'staff', 'assign', 'accepted', 'in_progress'), (2, 'staff', 'assign', 'accepted', 'in_progress');
  `);
  // Rows above were given explicit ids: move each identity past them, as the worker's inserts will not give ids.
  for (const table of ["customers", "orders", "order_files"]) {
    await asSuperuser(db, `select setval(pg_get_serial_sequence('public.${table}', 'id'), (select max(id) from public.${table}))`);
  }
});

const idsOf = async (actor: Actor, table: OrderTable, column = "order_id") =>
  (await rowsAs(db, actor, `select ${column} as id from public.${table} order by 1`)).map((row) => Number(row.id));

describe("reads", () => {
  it.each(ORDER_TABLES)("anon is refused %s by the table privileges", async (table) => {
    expect(await run(db, anon, `select * from public.${table}`)).toEqual(permissionDenied(`table ${table}`));
  });

  it("an interpreter reads only the order assigned to them, with its languages and files", async () => {
    expect(await idsOf(interpreter, "orders", "id")).toEqual([1]);
    expect(await idsOf(interpreter, "order_targets")).toEqual([1, 1]);
    expect(await idsOf(interpreter, "order_files")).toEqual([1]);
    expect(await idsOf(otherInterpreter, "orders", "id")).toEqual([2]);
    expect(await idsOf(otherInterpreter, "order_files")).toEqual([2]);
  });

  it.each(["customers", "order_quotes", "order_messages", "order_events"] as const)(
    "an interpreter reads no row of %s: no contact details, prices, thread or history, not even of their own job",
    async (table) => {
      expect(await rowsAs(db, interpreter, `select * from public.${table}`)).toEqual([]);
    },
  );

  it("no signed-in user reads an order's status link (its hash or sealed copy) or the internal note; the rest of the row they may", async () => {
    for (const actor of [interpreter, admin]) {
      for (const column of ["token_hash", "token_sealed", "internal_note"]) {
        expect(await run(db, actor, `select ${column} from public.orders`)).toEqual(permissionDenied("table orders"));
      }
    }
    expect(await rowsAs(db, interpreter, "select id, status, version, details from public.orders")).toHaveLength(1);
  });

  it("an admin reads every row of every order table", async () => {
    expect(await idsOf(admin, "orders", "id")).toEqual([1, 2, 3]);
    expect(await idsOf(admin, "customers", "id")).toEqual([1, 2]);
    expect(await idsOf(admin, "order_quotes")).toEqual([1, 2]);
    expect(await idsOf(admin, "order_files")).toEqual([1, 2, 3]);
    expect(await idsOf(admin, "order_targets")).toEqual([1, 1, 2, 3]);
    expect(await idsOf(admin, "order_messages")).toEqual([1, 2]);
    expect(await idsOf(admin, "order_events")).toEqual([1, 2]);
  });
});

describe("writes", () => {
  const WRITES: [string, string][] = [
    ["insert", "insert into public.customers (name, email) values ('Mallory', 'mallory@x.test')"],
    ["update", "update public.orders set status = 'completed' where id = 1"],
    ["update", "update public.orders set interpreter_id = auth.uid() where id = 3"],
    [
      "insert",
      "insert into public.order_files (order_id, kind, object_key, file_name, content_type, size) values (1, 'delivery', 'orders/1/x', 'x.pdf', 'application/pdf', 1)",
    ],
    ["delete", "delete from public.order_quotes where order_id = 1"],
    ["insert", "insert into public.order_messages (order_id, author, body) values (1, 'staff', 'hi')"],
    ["delete", "delete from public.order_events"],
  ];

  it.each(WRITES.flatMap(([kind, sql]) => [anon, interpreter, admin].map((actor) => [kind, sql, actor] as const)))(
    "%s is refused to every API role: %s (%o)",
    async (_kind, sql, actor) => {
      const outcome = await run(db, actor, sql);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.code).toBe("42501");
    },
  );

  it("the worker (service role) creates a customer and an order, and moves it by compare-and-set", async () => {
    // One transaction, as the worker's request makes one (rolled back afterwards: the other tests keep their rows).
    await within(db, serviceRole, async (tx) => {
      const query = async (sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows;
      const [customer] = await query("insert into public.customers (name, email) values ('Sara Lee', 'sara@customer.test') returning id");
      const [order] = await query(
        `insert into public.orders (customer_id, service_title, source_language, deadline, token_hash)
         values ($1, 'Localization', 'English', '2026-12-24', repeat('d', 64)) returning id, status, version`,
        [customer!.id],
      );
      expect(order).toMatchObject({ status: "new", version: 1 });
      const move = "update public.orders set status = 'quoted', version = version + 1 where id = $1 and version = $2 returning version";
      expect(await query(move, [order!.id, 1])).toEqual([{ version: 2 }]);
      // The same click again (a stale page): no row matches, nothing changes.
      expect(await query(move, [order!.id, 1])).toEqual([]);
      expect(await query("select status, version from public.orders where id = $1", [order!.id])).toEqual([{ status: "quoted", version: 2 }]);
    });
  });

  it("refuses rows the model does not allow: an unknown status, a second customer with one email, a token not hashed", async () => {
    const refused = async (sql: string) => expect((await run(db, serviceRole, sql)).ok, sql).toBe(false);
    await refused("update public.orders set status = 'shipped' where id = 3");
    await refused("insert into public.customers (name, email) values ('Lina again', 'lina@customer.test')");
    await refused("update public.orders set token_hash = 'plain-token' where id = 3");
    await refused("insert into public.order_quotes (order_id, amount_minor, currency, due_date, valid_until) values (3, 0, 'USD', '2026-12-01', '2026-12-01')");
    await refused(`insert into public.order_messages (order_id, author, author_id, body) values (1, 'staff', '${ADMIN_ID}', '')`);
  });
});
