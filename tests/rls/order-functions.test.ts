// supabase/migrations/20261126000000_push_orders.sql, its worker-only parts: the order e-mails' outbox (mail_outbox),
// and the SQL functions every change to an order is — who may call them (only the service role), and what they do
// on real Postgres: a request (customer found or created, all or nothing, refusals storing nothing). Transitions, the
// thread, the note and the link are in order-changes.test.ts; the reads (lists, an order's page) in order-reads.test.ts.
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, count, fileDatabase, run, serviceRole, within } from "./support/db";
import { itBelongsToTheWorker, itRefusesToExecute, permissionDenied, workerStatements } from "./support/expect";
import { admin, ADMIN_ID, createWithFixtures, interpreter, LANGUAGE } from "./support/fixtures";
import { createOrder as create, NOW, rowsOf, type OrderRequest } from "./support/orders";

const db = fileDatabase(createWithFixtures);

describe("mail_outbox belongs to the worker (service role) alone", () => {
  const insert =
    "insert into public.mail_outbox (kind, to_email, subject, body, created_at, next_attempt_at) values ('order-status', 'x@y.test', 'S', 'B', 1, 1)";
  const STATEMENTS = workerStatements("mail_outbox", insert, "status = 'sent'");

  itBelongsToTheWorker(() => db, "mail_outbox", STATEMENTS, {
    name: "service_role: stores a mail (instants in epoch ms), reads, updates and deletes it",
    stored: async (tx) =>
      expect(await rowsOf(tx, "select created_at, next_attempt_at, status, attempts from public.mail_outbox")).toEqual([
        { created_at: 1, next_attempt_at: 1, status: "pending", attempts: 0 },
      ]),
  });

  it("refuses a status outside pending, sent, failed", async () => {
    expect(
      await run(db, serviceRole, STATEMENTS.insert.replace("next_attempt_at)", "next_attempt_at, status)").replace("1, 1)", "1, 1, 'lost')")),
    ).toMatchObject({
      ok: false,
      code: "23514",
    });
  });
});

describe("the functions: only the service role executes them", () => {
  const CALLS: Record<string, string> = {
    push_create_order: `public.push_create_order('Mallory', 'm@x.test', '', '', 1, 2, array[3]::bigint[], '2031-01-01', '', 'en', repeat('e', 64), 'x', '[]', 1)`,
    push_transition_order: `public.push_transition_order(1, 'cancel', 'new', 'cancelled', 1, 'staff', null, null, null, 'x', '[]', '{}', 1)`,
    push_add_order_message: "public.push_add_order_message(1, 'customer', null, 'hi', 1)",
    push_set_order_note: `public.push_set_order_note(1, 'x', '${ADMIN_ID}', 1)`,
    push_revoke_order_link: `public.push_revoke_order_link(1, '${ADMIN_ID}', 1)`,
    push_get_order: "public.push_get_order(1)",
    push_order_by_token: "public.push_order_by_token(repeat('a', 64))",
    push_list_orders: "public.push_list_orders('', null, null, null, null, null, null, 20, 0)",
    push_list_customers: "public.push_list_customers('', 20, 0)",
    push_get_customer: "public.push_get_customer(1, 20, 0)",
    push_next_order_id: "public.push_next_order_id()",
    push_verify_order_identity: "public.push_verify_order_identity(1, 1)",
  };
  const HELPERS = {
    push_like_pattern: "private.push_like_pattern('x')",
    push_company_day_start: "private.push_company_day_start('2026-01-01')",
    push_order_summary: "private.push_order_summary(1)",
    push_order_detail: "private.push_order_detail(1)",
    push_customer_summary: "private.push_customer_summary(1)",
    push_enqueue_order_mails: "private.push_enqueue_order_mails(null, '[]', 1)",
  };

  itRefusesToExecute(() => db, CALLS);

  it("the helpers in schema private: anon cannot reach the schema, a signed-in user has no EXECUTE", async () => {
    for (const [fn, sql] of Object.entries(HELPERS)) {
      expect(await run(db, anon, `select ${sql}`)).toEqual(permissionDenied("schema private"));
      for (const actor of [interpreter, admin]) expect(await run(db, actor, `select ${sql}`)).toEqual(permissionDenied(`function ${fn}`));
    }
  });

  it("service_role calls each of them (and so the helpers they use)", async () => {
    for (const sql of [...Object.values(CALLS), ...Object.values(HELPERS)]) {
      const outcome = await run(db, serviceRole, `select ${sql} as value`);
      expect(outcome.ok, `${sql}: ${JSON.stringify(outcome)}`).toBe(true);
    }
  });

  it("are SECURITY INVOKER with an empty search_path: they can do nothing their caller could not", async () => {
    const names = [...Object.keys(CALLS), ...Object.keys(HELPERS)];
    const rows = await asSuperuser(
      db,
      `select p.proname as name, p.prosecdef as security_definer, p.proconfig as config
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.proname = any($1) order by 1`,
      [names],
    );
    expect(rows.map((row) => row.name)).toEqual([...names].sort());
    for (const row of rows) expect(row, String(row.name)).toMatchObject({ security_definer: false, config: ['search_path=""'] });
  });

  it("so is every other push_* function of the API and its helpers (the content studio's)", async () => {
    const rows = await asSuperuser(
      db,
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.proname like 'push\\_%' and (p.prosecdef or p.proconfig is distinct from array['search_path=""'])`,
    );
    // The exceptions, on purpose: the Users page's list and an organisation's people (and its page, which lists them)
    // read Supabase Auth's accounts (auth.users), which only the function's owner may read, and so does asking for a
    // claim from a status link (whether the address signs in already); only the service role can execute them
    // (private-functions.test.ts, customer-accounts.test.ts, customer-claims.test.ts).
    expect(rows).toEqual([
      { name: "public.push_list_accounts" },
      { name: "public.push_organisation" },
      { name: "public.push_organisation_people" },
      { name: "public.push_request_customer_claim" },
    ]);
    // The query above did look at them: the studio's 8 and the orders' 17 (push_next_order_id and
    // push_enqueue_order_mails: 20261128000000_push_order_mail_atomic.sql), the call log's totals, and issue 23's
    // search and customer-total triggers, the accounts', the people's and the links' lists, and the linked languages;
    // the appointments' 5 and their 2 helpers (appointment-functions.test.ts), and their list's and week's 2
    // (appointment-lists.test.ts); the availability's 6 and their 3 helpers (availability-functions.test.ts); the
    // offers' 9 and their helper (offer-functions.test.ts); the reminders' 3 (reminders.test.ts), the calendar
    // feeds' 5 (calendar-feeds.test.ts), the appointment records' 4 and their helper (appointment-records.test.ts), and
    // the staff's change of an appointment (appointment-change-functions.test.ts), the rate cards' 2
    // (rate-line-functions.test.ts), the invoices' 4 (invoice-functions.test.ts), billing's 3 reads
    // (billing-read-functions.test.ts), sending an invoice and reading it by its link (invoice-links.test.ts), and
    // recording a payment of one by hand (invoice-payments.test.ts) and from Stripe's webhook (stripe-payments.test.ts),
    // a credit note's and the reports' (credit-notes.test.ts, reports.test.ts), interpreters' pay's 5 (pay-statements.test.ts, pay-work-functions.test.ts),
    // setting a customer's billing currency (customer-currency.test.ts), the ratings' 5 and their 3 helpers
    // (ratings.test.ts), the customer portal's 7 reads (customer-portal.test.ts), customer accounts' 8
    // (customer-accounts.test.ts) and the preferred and blocked interpreters' 8 and their helper
    // (interpreter-preferences.test.ts), and joining by a status link's 3 (customer-claims.test.ts).
    expect(await count(db, "pg_proc", "proname like 'push\\_%'")).toBe(132);
  });
});

describe("push_create_order (as the service role)", () => {
  it("stores the customer (e-mail lower-cased), the order, its targets in order, its files and the first history entry, at the exact millisecond", async () => {
    await within(db, serviceRole, async (tx) => {
      const answer = await create(tx);
      expect(answer).toEqual({ ok: true, id: expect.any(Number) });
      const id = answer.id;
      expect(await rowsOf(tx, "select name, email, phone, company, (extract(epoch from created_at) * 1000)::bigint as ms from public.customers")).toEqual([
        { name: "Lena Park", email: "lena@example.com", phone: "+1 307 555 0199", company: "Park & Co", ms: NOW },
      ]);
      expect(
        await rowsOf(
          tx,
          `select status, version, service_id, service_title, source_language, deadline::text, token_sealed, token_revoked_at,
                  (extract(epoch from created_at) * 1000)::bigint as created, (extract(epoch from updated_at) * 1000)::bigint as updated
           from public.orders where id = $1`,
          [id],
        ),
      ).toEqual([
        {
          status: "new",
          version: 1,
          service_id: 1,
          service_title: "Document Translation",
          source_language: "English",
          deadline: "2031-05-20",
          token_sealed: "sealed",
          token_revoked_at: null,
          created: NOW,
          updated: NOW,
        },
      ]);
      expect(await rowsOf(tx, "select language_id, language, position from public.order_targets where order_id = $1 order by position", [id])).toEqual([
        { language_id: LANGUAGE.spanish, language: "Spanish", position: 0 },
        { language_id: LANGUAGE.french, language: "French", position: 1 },
      ]);
      expect(await rowsOf(tx, "select kind, object_key, file_name, content_type, size from public.order_files where order_id = $1", [id])).toEqual([
        { kind: "source", object_key: expect.stringMatching(/^orders\/k\d+$/), file_name: "contract.pdf", content_type: "application/pdf", size: 1234 },
      ]);
      expect(await rowsOf(tx, "select actor, actor_id, action, from_status, to_status, detail from public.order_events where order_id = $1", [id])).toEqual([
        { actor: "customer", actor_id: null, action: "requested", from_status: null, to_status: "new", detail: {} },
      ]);
    });
  });

  it("finds a returning customer by e-mail, whatever its case, and never overwrites the details on file", async () => {
    await within(db, serviceRole, async (tx) => {
      const first = await create(tx, { email: "omar@example.com", name: "Omar Said" });
      const second = await create(tx, { email: "OMAR@Example.COM", name: "Someone Else" });
      expect(await rowsOf(tx, "select name, email from public.customers")).toEqual([{ name: "Omar Said", email: "omar@example.com" }]);
      expect(await rowsOf(tx, "select count(distinct customer_id)::int as n from public.orders where id in ($1, $2)", [first.id, second.id])).toEqual([
        { n: 1 },
      ]);
    });
  });

  it("refuses an unknown service or language with a reason, storing nothing; an order without targets is an error", async () => {
    const refusals: [OrderRequest, string][] = [
      [{ service: 99 }, "unknown-service"],
      [{ source: 99 }, "unknown-language"],
      [{ targets: [LANGUAGE.spanish, 99] }, "unknown-language"],
    ];
    for (const [request, reason] of refusals) {
      // Committed: what a refusal leaves behind would stay.
      await within(db, serviceRole, async (tx) => expect(await create(tx, { ...request, email: "nobody@example.com" })).toEqual({ ok: false, reason }), {
        commit: true,
      });
    }
    for (const table of ["customers", "orders", "order_targets", "order_files", "order_events"]) expect(await count(db, `public.${table}`), table).toBe(0);
    await within(db, serviceRole, async (tx) => {
      await expect(create(tx, { targets: [] })).rejects.toMatchObject({ code: "22023" });
    });
  });

  it("is all or nothing: a file row the table refuses leaves no customer and no order", async () => {
    const outcome = await run(
      db,
      serviceRole,
      "select public.push_create_order('A', 'a@x.test', '', '', 1, 2, array[3]::bigint[], '2031-01-01', '', 'en', repeat('f', 64), 'x', $1, 1)",
      [JSON.stringify([{ object_key: "orders/k", file_name: "empty.pdf", content_type: "application/pdf", size: 0 }])],
      { commit: true },
    );
    expect(outcome).toMatchObject({ ok: false, code: "23514" });
    expect(await count(db, "public.customers")).toBe(0);
    expect(await count(db, "public.orders")).toBe(0);
  });
});
