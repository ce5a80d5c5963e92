// Row counts of every D1 table, read from the very state the server uses (wrangler's --persist-to DIR keeps
// it in DIR/v3; getPlatformProxy opens that folder in a workerd of its own, as scripts/local-setup.ts does).
// run.ts compares the counts before and after each rejected request: a rejected request must write nothing.
// Tables whose rows are updated in place (the content studio's, orders) are compared by content too, and the R2
// buckets (MEDIA, FILES) by their keys around the requests that may store files in them.
import { createHash } from "node:crypto";
import { storageProxy } from "../lib/storage-proxy";
import { quietCloudflareEnv } from "../lib/wrangler";
import { sha256Hex } from "./cookies";
import type { IdPools } from "./params";
import type { BucketName } from "./surface-kinds";
import { WalWatcher } from "./wal";
import { insertRequester, type RequesterInput } from "../../tests/fixtures/requesters";

/**
 * Tables that record rejected requests by design, so their counts may grow on a rejection. One line each,
 * with the reason. (The sign-in throttle counts failures in its Durable Object's own storage, not in D1.)
 */
export const WRITES_ON_REJECTION_ALLOWED: readonly string[] = [
  "security_events", // the security log: failed sign-ins, 403s and 429s are what it records
];

/**
 * Tables whose rows change in place on success (a studio save rewrites the record and bumps its version, a move
 * renumbers positions; an order's step moves its status and version, a note or a revoked link rewrites it; an
 * appointment's cancellation moves its status and version; a save of working hours replaces a person's week, maybe by
 * as many intervals as before; an admin's "Billing currency" rewrites a customer): a count would not see such a write, so each also gets a digest of its rows, under the
 * key `<table>#content`. Kept versions are never rewritten: their snapshots are digested by length, not read whole. The order tables that only ever gain rows (targets, quotes, files, messages, events)
 * are counted, and so are appointments' (one row a booking) and time off and credentials (added and
 * removed, never changed); mail_outbox is counted only, as its rows
 * are rewritten by the relay after the response (attempts, status), whatever the request's answer was.
 */
export const CONTENT_COMPARED: readonly string[] = ["company", "about", "services", "content_versions", "orders", "appointments", "working_hours", "customers"];
const DIGESTED_BY_LENGTH = new Set(["content_versions.snapshot"]);
export const CONTENT_SUFFIX = "#content";

export type Counts = Record<string, number>;
/** An R2 bucket's objects: key → etag. */
export type Listing = Map<string, string>;

export type Database = {
  tables: string[];
  counts(): Promise<Counts>;
  /** How many count queries were made (the other calls were answered from the WAL, see wal.ts). */
  queries(): number;
  /** Ids the forms can aim at, without the accounts the campaign signs in with. */
  idPools(protectedEmails: string[]): Promise<IdPools>;
  accountId(email: string): Promise<string>;
  /** A customer organisation and a requester of it who signs in (tests/fixtures/requesters.ts); answers their password. */
  insertRequester(input: RequesterInput): Promise<string>;
  /** A session row of `accountId` that expired a day ago; returns its token (the cookie's value). */
  insertExpiredSession(accountId: string, token: string): Promise<void>;
  /**
   * An issued invoice of `customerId` with one item, sent with the private link `token` (issue 26), numbered from the
   * year's counter as issuing numbers it; returns its id.
   */
  insertSentInvoice(customerId: number, token: string): Promise<number>;
  /** Two pay items of `interpreterId` in `month` (issue 26, build item 6): a statement to read and mark paid. */
  insertPayItems(interpreterId: string, month: string): Promise<void>;
  /** Every object of an R2 bucket (MEDIA: the studio's images, FILES: orders' documents), by key with its etag. */
  listing(bucket: BucketName): Promise<Listing>;
  /** The rows of a read-only query (the run's set-up looks up the orders it made: orders.ts). */
  rows<T>(sql: string, ...binds: unknown[]): Promise<T[]>;
  dispose(): Promise<void>;
};

export async function openDatabase(state: string): Promise<Database> {
  Object.assign(process.env, quietCloudflareEnv, { WRANGLER_LOG: process.env.WRANGLER_LOG ?? "error" });
  // Opened again when its channel fails (see listing below): every read goes through the current one.
  let proxy = await storageProxy(state);
  const db = { prepare: (sql: string) => proxy.env.DB.prepare(sql), batch: (statements: D1PreparedStatement[]) => proxy.env.DB.batch(statements) };
  // storageProxy opens every R2 binding of wrangler.toml; its type names only the ones local set-up uses.
  const bucketOf = (name: BucketName) => (proxy.env as unknown as Record<BucketName, R2Bucket>)[name];

  // Two workerd processes share the SQLite files: a count that meets the server's commit fails now and then
  // (SQLITE_BUSY, or "internal error"; workerd prints it to stderr). Retrying is safe: counting changes no rows.
  async function retry<T>(what: string, run: () => Promise<T>): Promise<T> {
    let last: unknown;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return await run();
      } catch (error) {
        last = error;
        await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
      }
    }
    throw new Error(`Reading the local D1 (${what}) failed 5 times: ${String(last)}`);
  }

  const listed = await retry("table list", () =>
    db
      .prepare(
        "select name from sqlite_master where type='table' and name not like 'sqlite_%' and name not like '_cf_%' and name != 'd1_migrations' order by name",
      )
      .all<{ name: string }>(),
  );
  const tables = listed.results.map((row) => row.name);
  const counted = tables.filter((table) => !WRITES_ON_REJECTION_ALLOWED.includes(table));
  // Each compared table's rows as one text (every column quoted, in id order; a table WITHOUT ROWID in the order of
  // the texts themselves), digested here in Node.
  const withoutRowid = new Set(
    (
      await retry("tables without rowid", () =>
        db.prepare("select name from sqlite_master where type='table' and sql like '%WITHOUT ROWID%'").all<{ name: string }>(),
      )
    ).results.map((row) => row.name),
  );
  const compared: string[] = [];
  for (const table of CONTENT_COMPARED.filter((name) => counted.includes(name))) {
    const columns = await retry(`columns of ${table}`, () =>
      db.prepare("select name from pragma_table_info(?) order by cid").bind(table).all<{ name: string }>(),
    );
    const cells = columns.results.map(({ name }) => (DIGESTED_BY_LENGTH.has(`${table}.${name}`) ? `length("${name}")` : `quote("${name}")`));
    compared.push(
      `(select group_concat(cells, char(30)) from (select ${cells.join(" || char(31) || ")} as cells from "${table}" order by ${withoutRowid.has(table) ? "cells" : "rowid"})) as "${table}${CONTENT_SUFFIX}"`,
    );
  }
  // One statement for all tables (D1 refuses a UNION of this many SELECTs; scalar subqueries are fine).
  const countSql = `select ${[...counted.map((table) => `(select count(*) from "${table}") as "${table}"`), ...compared].join(", ")}`;
  const digest = (text: number | string | null) =>
    Number.parseInt(
      createHash("sha256")
        .update(String(text ?? ""))
        .digest("hex")
        .slice(0, 12),
      16,
    );

  const all = async <T>(sql: string, ...binds: unknown[]) =>
    (
      await retry(sql, () =>
        db
          .prepare(sql)
          .bind(...binds)
          .all<T>(),
      )
    ).results;

  let queries = 0;
  const query = () => {
    queries++;
    return retry("row counts", async () => {
      const row = (await db.prepare(countSql).first<Record<string, number | string | null>>()) ?? {};
      return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key.endsWith(CONTENT_SUFFIX) ? digest(value) : Number(value)]));
    });
  };

  // The pages our own count queries write are bookkeeping (a SELECT changes no row): learnt here, while
  // the server is idle. When a later commit touched only those pages, the last counts still hold.
  const wal = WalWatcher.forState(state);
  let benign: Set<number> | null = null;
  if (wal) {
    wal.pagesSinceLastCall();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await query();
      seen.push([...(wal.pagesSinceLastCall() ?? [-1])].sort().join(","));
    }
    // Only a small set that every count wrote alike; anything else and every call queries.
    if (seen.every((pages) => pages === seen[0]) && /^\d+(,\d+)?$/.test(seen[0]!)) benign = new Set(seen[0]!.split(",").map(Number));
  }
  const onlyBenign = (pages: Set<number> | null | undefined) => benign !== null && pages != null && [...pages].every((page) => benign.has(page));
  let last: Counts | null = null;

  return {
    tables,
    queries: () => queries,
    async counts() {
      const pages = wal?.pagesSinceLastCall();
      if (last && onlyBenign(pages)) return last;
      const counts = await query();
      // Consume our own frames; a commit of the server's meanwhile may or may not be in these counts.
      last = onlyBenign(wal?.pagesSinceLastCall()) ? counts : null;
      return counts;
    },
    rows: all,
    async idPools(protectedEmails) {
      const placeholders = protectedEmails.map(() => "?").join(", ");
      return {
        userIds: (await all<{ id: string }>(`select id from users where email not in (${placeholders}) order by email`, ...protectedEmails)).map(
          (row) => row.id,
        ),
        languageIds: (await all<{ id: number }>("select id from languages order by id")).map((row) => row.id),
        linkIds: (await all<{ id: number }>("select id from user_languages order by id")).map((row) => row.id),
        messageIds: (await all<{ id: number }>("select id from contact_messages order by id")).map((row) => row.id),
        serviceIds: (await all<{ id: number }>("select id from services order by id")).map((row) => row.id),
        customerIds: (await all<{ id: number }>("select id from customers order by id")).map((row) => row.id),
        invoiceIds: (await all<{ id: number }>("select id from invoices order by id")).map((row) => row.id),
        invoiceLinks: [],
        payStatements: [],
        linkedLanguageIds: (await all<{ id: number }>("select distinct language_id as id from user_languages order by language_id")).map((row) => row.id),
        // The run's set-up adds these (orders.ts, appointments.ts, availability.ts).
        sampleInterpreterId: null,
        orders: [],
        appointments: [],
        timeOff: [],
        credentials: [],
      };
    },
    async accountId(email) {
      const row = await retry("account id", () => db.prepare("select id from accounts where email = ?").bind(email).first<{ id: string }>());
      if (!row) throw new Error(`No account ${email} in the sample content`);
      return row.id;
    },
    async insertRequester(input) {
      return (await retry("requester", () => insertRequester(db as unknown as D1Database, input))).password;
    },
    async insertExpiredSession(accountId, token) {
      const day = 24 * 60 * 60 * 1000;
      await retry("expired session", () =>
        db
          .prepare("insert into sessions (id_hash, account_id, created_at, expires_at) values (?, ?, ?, ?)")
          .bind(sha256Hex(token), accountId, Date.now() - 8 * day, Date.now() - day)
          .run(),
      );
    },
    async insertSentInvoice(customerId, token) {
      const now = Date.now();
      const year = new Date(now).getUTCFullYear();
      const batch = [
        db.prepare("insert into invoice_counters (year, last) values (?1, 1) on conflict (year) do update set last = last + 1").bind(year),
        db
          .prepare("insert into invoices (customer_id, currency, period_from, period_to, created_by, created_at) values (?, 'USD', ?, ?, 'fuzz', ?)")
          .bind(customerId, `${year}-01-01`, `${year}-01-31`, now),
        db
          .prepare(
            `insert into billable_items (source, customer_id, work_day, currency, amount_minor, computation, invoice_id, created_at)
             values (?, ?, ?, 'USD', 18281, '{"kind":"customer-no-show"}', last_insert_rowid(), ?)`,
          )
          .bind(`order:fuzz-${now}`, customerId, `${year}-01-08`, now),
        db
          .prepare(
            `update invoices set status = 'issued', version = 2, year = ?1, sequence = (select last from invoice_counters where year = ?1),
               number = printf('PUSH-%d-%04d', ?1, (select last from invoice_counters where year = ?1)), tax_bp = 0,
               subtotal_minor = 18281, tax_minor = 0, total_minor = 18281, issued_at = ?2, issued_by = 'fuzz'
             where id = (select invoice_id from billable_items where source = ?3)`,
          )
          .bind(year, now, `order:fuzz-${now}`),
        db
          .prepare(
            `insert into invoice_links (invoice_id, token_hash, token_sealed, locale, sent_at, sent_by)
             select invoice_id, ?, 'fuzz', 'en', ?, 'fuzz' from billable_items where source = ?`,
          )
          .bind(sha256Hex(token), now, `order:fuzz-${now}`),
      ];
      await retry("sent invoice", () => db.batch(batch));
      const [row] = await all<{ id: number }>("select invoice_id as id from billable_items where source = ?", `order:fuzz-${now}`);
      if (!row) throw new Error("the sent invoice is not in the database");
      return row.id;
    },
    async insertPayItems(interpreterId, month) {
      const now = Date.now();
      const item = (n: number, amount: number) =>
        db
          .prepare(
            `insert into pay_items (source, interpreter_id, work_day, currency, amount_minor, computation, created_at)
             values (?, ?, ?, 'USD', ?, '{"kind":"customer-no-show"}', ?)`,
          )
          .bind(`call:fuzz-${now}-${n}`, interpreterId, `${month}-0${n}`, amount, now);
      await retry("pay items", () => db.batch([item(1, 6750), item(2, 100)]));
    },
    // An object's key and etag are each read through the proxy by a synchronous round trip (miniflare's stubs). That
    // channel has been seen to fall out of step ("false == true"), after which every such read fails: the proxy is
    // then opened anew and the listing read again.
    async listing(bucket) {
      for (let attempt = 1; ; attempt++) {
        try {
          const listing: Listing = new Map();
          let cursor: string | undefined;
          do {
            const page = await retry(`${bucket} listing`, () => bucketOf(bucket).list({ cursor, limit: 1000 }));
            for (const object of page.objects) listing.set(object.key, object.etag);
            cursor = page.truncated ? page.cursor : undefined;
          } while (cursor);
          return listing;
        } catch (error) {
          if (attempt === 3) throw new Error(`Listing the R2 bucket ${bucket} failed 3 times: ${String(error)}`);
          await proxy.dispose().catch(() => {});
          proxy = await storageProxy(state);
        }
      }
    },
    dispose: () => proxy.dispose(),
  };
}
