// supabase/migrations/20261205000000_push_invoice_links.sql on real Postgres (issue 26, sending an invoice): who
// reaches invoice_links through the public API — anon nothing; an admin reads when, how often, in which language and by
// whom an invoice was sent, never the link itself (its hash and sealed copy); an interpreter nothing; nobody but the
// worker writes — and what the table refuses whoever writes: a link for an invoice that is not issued, and any change
// of a link's token. The functions, the service role's alone: sending stores the link once (a later sending keeps its
// token and first instant, takes the new language and counts) and an e-mail in the outbox each time, or is refused
// storing nothing; an invoice is read with its link, found by its link's hash, and listed with when it was first sent.
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, fileDatabase, run, rowsAs, serviceRole, within, type Actor } from "./support/db";
import { attempt, CUSTOMER_SQL } from "./support/appointments";
import { itRefusesByPrivileges, ONE_ROW_AFFECTED, permissionDenied } from "./support/expect";
import { accountWithoutProfile, admin, createWithFixtures, interpreter, otherInterpreter } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";
import { BY, NOW, readInvoice, type InvoiceJson } from "./support/invoices";

const HASH = "a".repeat(64);
/** When invoice 1 was sent (the fixture), to the millisecond. */
const SENT_AT = "2026-12-02T10:00:00.250Z";

// Invoice 1 issued and sent (its link below); invoice 2 a draft; invoice 3 issued, not sent yet.
const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  await db.exec(`
    insert into public.invoice_counters (year, last) values (2026, 2);
    insert into public.invoices (id, customer_id, currency, period_from, period_to, status, version, year, sequence, number, tax_bp,
                                 subtotal_minor, tax_minor, total_minor, issued_at, issued_by, created_by, created_at) overriding system value values
      (1, 1, 'USD', '2026-11-01', '2026-11-30', 'issued', 2, 2026, 1, 'PUSH-2026-0001', 750, 18281, 1371, 19652, '2026-12-01T09:00:00Z',
       'admin@push.test', 'admin@push.test', '2026-12-01T08:00:00Z'),
      (2, 1, 'USD', '2026-12-01', '2026-12-31', 'draft', 1, null, null, null, null, null, null, null, null, null, 'admin@push.test',
       '2026-12-20T08:00:00Z'),
      (3, 1, 'USD', '2026-10-01', '2026-10-31', 'issued', 2, 2026, 2, 'PUSH-2026-0002', 0, 300, 0, 300, '2026-12-03T09:00:00Z',
       'admin@push.test', 'admin@push.test', '2026-12-03T08:00:00Z');
    insert into public.billable_items (id, source, customer_id, work_day, currency, amount_minor, rate_line_id, computation, invoice_id, created_at)
      overriding system value values
      (1, 'appointment:1', 1, '2026-11-08', 'USD', 18281, null, '{"kind":"customer-no-show"}', 1, '2026-11-09T00:00:00Z');
    insert into public.invoice_links (invoice_id, token_hash, token_sealed, locale, sent_at, sent_by, sends)
      values (1, '${HASH}', 'sealed-1', 'en', '${SENT_AT}', 'admin@push.test', 1);
    select setval(pg_get_serial_sequence('public.invoices', 'id'), 3);
    select setval(pg_get_serial_sequence('public.billable_items', 'id'), 1);
  `);
});

const COLUMNS = "invoice_id, locale, sent_at, sent_by, sends";
const WRITES = {
  insert: `insert into public.invoice_links (invoice_id, token_hash, token_sealed, locale, sent_at, sent_by)
           values (3, '${"b".repeat(64)}', 'sealed-3', 'ar', now(), 'x')`,
  update: "update public.invoice_links set sends = sends + 1",
  delete: "delete from public.invoice_links",
};
const readable = (actor: Actor) => rowsAs(db, actor, `select ${COLUMNS} from public.invoice_links order by invoice_id`);

describe("anon reaches nothing", () => {
  itRefusesByPrivileges(
    () => db,
    "invoice_links",
    { select: "select * from public.invoice_links", "select of the columns": `select ${COLUMNS} from public.invoice_links`, ...WRITES },
    [["anon", anon]],
  );
});

describe("who reads what", () => {
  it("an admin: every row's invoice, language, first sending, sender and count", async () => {
    const rows = await readable(admin);
    expect(rows).toEqual([{ invoice_id: 1, locale: "en", sent_at: new Date(SENT_AT), sent_by: "admin@push.test", sends: 1 }]);
  });

  it("an admin is refused the link itself: its hash and its sealed copy, alone or with the rest", async () => {
    for (const sql of [
      "select token_hash from public.invoice_links",
      "select token_sealed from public.invoice_links",
      "select * from public.invoice_links",
      `select invoice_id from public.invoice_links where token_hash = '${HASH}'`,
    ]) {
      expect(await run(db, admin, sql), sql).toEqual(permissionDenied("table invoice_links"));
    }
  });

  it("an interpreter none; an account without a users row none", async () => {
    for (const actor of [interpreter, otherInterpreter, accountWithoutProfile]) expect(await readable(actor)).toEqual([]);
  });
});

describe("nobody but the worker writes: not an interpreter, nor an admin", () => {
  itRefusesByPrivileges(() => db, "invoice_links", WRITES, [
    ["an interpreter", interpreter],
    ["an admin", admin],
  ]);

  it("the service role adds a link for an issued invoice, counts a sending, changes the language and deletes it", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await attempt(tx, WRITES.insert)).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, "update public.invoice_links set sends = sends + 1, locale = 'en' where invoice_id = 3")).toEqual(ONE_ROW_AFFECTED);
      expect(await rowsOf(tx, "select locale, sends from public.invoice_links where invoice_id = 3")).toEqual([{ locale: "en", sends: 2 }]);
      expect(await attempt(tx, "delete from public.invoice_links where invoice_id = 3")).toEqual(ONE_ROW_AFFECTED);
    });
  });
});

describe("only an issued invoice has a link, and a link's token never changes, whoever writes", () => {
  const refused = (message: string) => ({ ok: false, code: "P0001", message });

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)(
    "%s: no link for a draft or a missing invoice; no change of the token or the invoice; the language and the count change",
    async (_name, actor) => {
      await within(db, actor, async (tx) => {
        for (const sql of [WRITES.insert.replace("values (3,", "values (2,"), WRITES.insert.replace("values (3,", "values (99,")]) {
          expect(await attempt(tx, sql), sql).toEqual(refused("only an issued invoice is sent"));
        }
        for (const sql of [
          `update public.invoice_links set token_hash = '${"c".repeat(64)}' where invoice_id = 1`,
          "update public.invoice_links set token_sealed = 'other' where invoice_id = 1",
          "update public.invoice_links set invoice_id = 3 where invoice_id = 1",
        ]) {
          expect(await attempt(tx, sql), sql).toEqual(refused("an invoice link never changes"));
        }
        expect(await attempt(tx, "update public.invoice_links set locale = 'ar', sends = sends + 1 where invoice_id = 1")).toEqual(ONE_ROW_AFFECTED);
        expect(await rowsOf(tx, "select token_hash, token_sealed, locale, sends from public.invoice_links")).toEqual([
          { token_hash: HASH, token_sealed: "sealed-1", locale: "ar", sends: 2 },
        ]);
      });
    },
  );

  it("what the columns refuse: a hash that is not 64 lower-case hex digits, another language, no sending, a hash used twice", async () => {
    await within(db, serviceRole, async (tx) => {
      const insert = (hash: string, locale = "en", sends = 1) =>
        `insert into public.invoice_links (invoice_id, token_hash, token_sealed, locale, sent_at, sent_by, sends) values (3, '${hash}', 's', '${locale}', now(), 'x', ${sends})`;
      expect(await attempt(tx, insert("b".repeat(63)))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, insert("B".repeat(64)))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, insert("b".repeat(64), "fr"))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, insert("b".repeat(64), "en", 0))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, insert(HASH))).toMatchObject({ ok: false, code: "23505" });
      expect(await attempt(tx, insert("b".repeat(64)))).toEqual(ONE_ROW_AFFECTED);
    });
  });

  it("the guard is the table's: SECURITY INVOKER with an empty search_path in schema private, no API role executes it", async () => {
    expect(
      await asSuperuser(
        db,
        `select p.prosecdef as security_definer, p.proconfig as config,
                has_function_privilege('anon', p.oid, 'execute') as anon,
                has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p where p.oid = 'private.invoice_links_guard'::regproc`,
      ),
    ).toEqual([{ security_definer: false, config: ['search_path=""'], anon: false, authenticated: false }]);
  });
});

// ─── The functions ─────────────────────────────────────────────────────────────────────────────────────────────

type Answer = { ok: boolean; reason?: string };
type Mail = { kind: string; to_email: string; subject: string; body: string };
const MAIL: Mail = { kind: "invoice", to_email: "ana@customer.test", subject: "Invoice PUSH-2026-0002 from PUSH", body: "{invoice-link-token}" };
const SEND_SQL = "public.push_send_invoice(p_id => $1, p_hash => $2, p_sealed => $3, p_locale => $4, p_mail => $5, p_by => $6, p_now => $7)";

const send = (tx: Transaction, id: number, fields: { hash?: string; sealed?: string; locale?: string; mail?: Mail; by?: string } = {}, now = NOW) =>
  call<Answer>(tx, SEND_SQL, [
    id,
    fields.hash ?? "d".repeat(64),
    fields.sealed ?? "sealed-d",
    fields.locale ?? "ar",
    JSON.stringify(fields.mail ?? MAIL),
    fields.by ?? BY,
    now,
  ]);
const linkOf = (tx: Transaction, id: number) =>
  rowsOf(
    tx,
    "select token_hash, token_sealed, locale, (extract(epoch from sent_at) * 1000)::bigint as sent_ms, sent_by, sends from public.invoice_links where invoice_id = $1",
    [id],
  );
const mails = (tx: Transaction) =>
  rowsOf(tx, "select kind, to_email, subject, body, invoice_id, order_id, status, attempts, created_at, next_attempt_at from public.mail_outbox order by id");
const byLink = (tx: Transaction, hash: string) => call<InvoiceJson | null>(tx, "public.push_invoice_by_link(p_hash => $1)", [hash]);

describe("the functions: only the service role executes them", () => {
  itIsTheServiceRolesAlone(() => db, {
    push_invoice_by_link: `public.push_invoice_by_link('${HASH}')`,
    push_send_invoice: `public.push_send_invoice(3, '${"e".repeat(64)}', 's', 'en', '${JSON.stringify(MAIL)}', 'x', 1)`,
  });
});

describe("push_send_invoice (as the service role)", () => {
  it("refuses an invoice that is not there, then a draft, storing nothing: no link, no e-mail", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await send(tx, 999_999)).toEqual({ ok: false, reason: "not-found" });
      expect(await send(tx, 2)).toEqual({ ok: false, reason: "draft" });
      expect(await rowsOf(tx, "select invoice_id from public.invoice_links order by 1")).toEqual([{ invoice_id: 1 }]);
      expect(await mails(tx)).toEqual([]);
    });
  });

  it("the first sending makes the link at the exact millisecond and stores the e-mail pending; a later one keeps the token", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await send(tx, 3, { hash: "d".repeat(64), sealed: "sealed-d", locale: "ar" })).toEqual({ ok: true });
      const first = { token_hash: "d".repeat(64), token_sealed: "sealed-d", sent_ms: NOW, sent_by: BY };
      expect(await linkOf(tx, 3)).toEqual([{ ...first, locale: "ar", sends: 1 }]);
      const mail = { ...MAIL, invoice_id: 3, order_id: null, status: "pending", attempts: 0 };
      expect(await mails(tx)).toEqual([{ ...mail, created_at: NOW, next_attempt_at: NOW }]);

      // Sent again a minute later, by someone else, in English, with a new token: the link the customer holds stays.
      const again = { hash: "f".repeat(64), sealed: "sealed-f", locale: "en", by: "other.admin@push.test", mail: { ...MAIL, body: "again" } };
      expect(await send(tx, 3, again, NOW + 60_000)).toEqual({ ok: true });
      expect(await linkOf(tx, 3)).toEqual([{ ...first, locale: "en", sends: 2 }]);
      expect(await mails(tx)).toEqual([
        { ...mail, created_at: NOW, next_attempt_at: NOW },
        { ...mail, body: "again", created_at: NOW + 60_000, next_attempt_at: NOW + 60_000 },
      ]);
      // The other invoice's link is untouched.
      expect(await linkOf(tx, 1)).toMatchObject([{ token_hash: HASH, sends: 1 }]);
    });
  });
});

describe("reading an invoice with its link (as the service role)", () => {
  it("push_invoice answers the link: null before the first sending, then its sealed copy, language, first instant and count", async () => {
    await within(db, serviceRole, async (tx) => {
      expect((await readInvoice(tx, 3))!.link).toBeNull();
      await send(tx, 3, { sealed: "sealed-d", locale: "ar" });
      await send(tx, 3, { hash: "f".repeat(64), sealed: "sealed-f", locale: "en" }, NOW + 1000);
      const { link } = (await readInvoice(tx, 3)) as InvoiceJson & { link: Record<string, unknown> };
      expect(link).toEqual({ token_sealed: "sealed-d", locale: "en", sent_at: expect.any(String), sends: 2 });
      expect(Date.parse(String(link.sent_at))).toBe(NOW);
    });
  });

  it("push_invoice_by_link answers the invoice of the hash, with its items and link; an unknown hash is null", async () => {
    await within(db, serviceRole, async (tx) => {
      const found = await byLink(tx, HASH);
      expect(found).toMatchObject({ id: 1, number: "PUSH-2026-0001", status: "issued", total_minor: 19652 });
      expect(found!.items.map((each) => each.source)).toEqual(["appointment:1"]);
      expect(found!.link).toMatchObject({ token_sealed: "sealed-1", locale: "en", sends: 1 });
      expect(found).toEqual(await readInvoice(tx, 1));
      expect(await byLink(tx, "0".repeat(64))).toBeNull();
      expect(await byLink(tx, "")).toBeNull();
    });
  });

  it("push_invoices_page: each invoice with when it was first sent, null for one never sent", async () => {
    await within(db, serviceRole, async (tx) => {
      await send(tx, 3, {}, NOW);
      await send(tx, 3, { hash: "f".repeat(64) }, NOW + 1000);
      const page = await call<{ total: number; items: { id: number; sent_at: string | null }[] }>(
        tx,
        "public.push_invoices_page(p_page_size => 50, p_offset => 0)",
      );
      expect(page.total).toBe(3);
      expect(page.items.map(({ id, sent_at }) => [id, sent_at === null ? null : Date.parse(sent_at)])).toEqual([
        [3, NOW],
        [2, null],
        [1, Date.parse(SENT_AT)],
      ]);
    });
  });
});
