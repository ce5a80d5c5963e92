// Row counts of every D1 table, read from the very state the server uses (wrangler's --persist-to DIR keeps
// it in DIR/v3; getPlatformProxy opens that folder in a workerd of its own, as scripts/local-setup.ts does).
// run.ts compares the counts before and after each rejected request: a rejected request must write nothing.
import { storageProxy } from "../lib/storage-proxy";
import { quietCloudflareEnv } from "../lib/wrangler";
import { sha256Hex } from "./cookies";
import type { IdPools } from "./payloads";
import { WalWatcher } from "./wal";

/**
 * Tables that record rejected requests by design, so their counts may grow on a rejection. One line each,
 * with the reason. (The sign-in throttle counts failures in its Durable Object's own storage, not in D1.)
 */
export const WRITES_ON_REJECTION_ALLOWED: readonly string[] = [
  "security_events", // the security log: failed sign-ins, 403s and 429s are what it records
];

export type Counts = Record<string, number>;

export type Database = {
  tables: string[];
  counts(): Promise<Counts>;
  /** How many count queries were made (the other calls were answered from the WAL, see wal.ts). */
  queries(): number;
  /** Ids the forms can aim at, without the accounts the campaign signs in with. */
  idPools(protectedEmails: string[]): Promise<IdPools>;
  accountId(email: string): Promise<string>;
  /** A session row of `accountId` that expired a day ago; returns its token (the cookie's value). */
  insertExpiredSession(accountId: string, token: string): Promise<void>;
  dispose(): Promise<void>;
};

export async function openDatabase(state: string): Promise<Database> {
  Object.assign(process.env, quietCloudflareEnv, { WRANGLER_LOG: process.env.WRANGLER_LOG ?? "error" });
  const { env, dispose } = await storageProxy(state);
  const db = env.DB;

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
      .prepare("select name from sqlite_master where type='table' and name not like 'sqlite_%' and name not like '_cf_%' and name != 'd1_migrations' order by name")
      .all<{ name: string }>(),
  );
  const tables = listed.results.map((row) => row.name);
  const counted = tables.filter((table) => !WRITES_ON_REJECTION_ALLOWED.includes(table));
  // One statement for all tables (D1 refuses a UNION of this many SELECTs; scalar subqueries are fine).
  const countSql = `select ${counted.map((table) => `(select count(*) from "${table}") as "${table}"`).join(", ")}`;

  let queries = 0;
  const query = () => {
    queries++;
    return retry("row counts", async () => (await db.prepare(countSql).first<Counts>()) ?? {});
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
  const onlyBenign = (pages: Set<number> | null | undefined) => benign !== null && pages != null && [...pages].every((page) => benign!.has(page));
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
    async idPools(protectedEmails) {
      const placeholders = protectedEmails.map(() => "?").join(", ");
      const all = async <T>(sql: string, ...binds: unknown[]) => (await retry(sql, () => db.prepare(sql).bind(...binds).all<T>())).results;
      return {
        userIds: (await all<{ id: string }>(`select id from users where email not in (${placeholders}) order by email`, ...protectedEmails)).map((row) => row.id),
        languageIds: (await all<{ id: number }>("select id from languages order by id")).map((row) => row.id),
        linkIds: (await all<{ id: number }>("select id from user_languages order by id")).map((row) => row.id),
        messageIds: (await all<{ id: number }>("select id from contact_messages order by id")).map((row) => row.id),
      };
    },
    async accountId(email) {
      const row = await retry("account id", () => db.prepare("select id from accounts where email = ?").bind(email).first<{ id: string }>());
      if (!row) throw new Error(`No account ${email} in the sample content`);
      return row.id;
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
    dispose,
  };
}
