// supabase/migrations/20261123000000_push_account_administration.sql: the worker-only tables of "Your sessions"
// (session_devices) and the security log (security_events), and the trigger that always keeps an administrator
// who can sign in (private.keep_an_admin).
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, becomeActor, failure, fileDatabase, run, serviceRole, within, type Actor, type Outcome, type Row } from "./support/db";
import { permissionDenied, ROLE_GUARD_REFUSAL } from "./support/expect";
import { admin, ADMIN_ID, createWithFixtures, INTERPRETER_ID, interpreter, OTHER_INTERPRETER_ID } from "./support/fixtures";

const DEVICE = "00000000-0000-4000-8000-00000000d001";

const db = fileDatabase(createWithFixtures, async () => {
  // One device row and one event, as the worker writes them.
  await asSuperuser(
    db,
    `insert into public.session_devices (session_id, user_id, user_agent, address)
     values ($1, $2, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0', '203.0.113.7')`,
    [DEVICE, INTERPRETER_ID],
  );
  await asSuperuser(
    db,
    `insert into public.security_events (at, kind, account, actor, address, user_agent, detail)
     values ('2026-11-23T10:00:00Z', 'sign-in', 'daniel@push.test', null, '203.0.113.7', 'curl/8.0', '')`,
  );
});

const WORKER_TABLES = ["session_devices", "security_events"] as const;
const OPERATIONS = ["select", "insert", "update", "delete"] as const;
/** One statement per operation, each touching exactly one row when it is allowed. */
const STATEMENTS: Record<(typeof WORKER_TABLES)[number], Record<(typeof OPERATIONS)[number], string>> = {
  session_devices: {
    select: "select * from public.session_devices",
    insert: `insert into public.session_devices (session_id, user_id) values (gen_random_uuid(), '${INTERPRETER_ID}')`,
    update: `update public.session_devices set last_seen_at = now() where session_id = '${DEVICE}'`,
    delete: `delete from public.session_devices where session_id = '${DEVICE}'`,
  },
  security_events: {
    select: "select * from public.security_events",
    insert: "insert into public.security_events (at, kind, account) values (now(), 'forbidden', 'mallory@x.test')",
    update: "update public.security_events set detail = 'rewritten'",
    delete: "delete from public.security_events",
  },
};

describe("session_devices and security_events belong to the worker (service role) alone", () => {
  const publicActors: [string, Actor][] = [
    ["anon", anon],
    ["an admin", admin],
    ["the device's own account (an interpreter)", interpreter],
  ];
  const refused = publicActors.flatMap(([name, actor]) =>
    WORKER_TABLES.flatMap((table) => OPERATIONS.map((operation) => [name, operation, table, actor] as const)),
  );

  it.each(refused)("%s: %s on %s is refused by the table privileges", async (_name, operation, table, actor) => {
    expect(await run(db, actor, STATEMENTS[table][operation])).toEqual(permissionDenied(`table ${table}`));
  });

  it.each(WORKER_TABLES.flatMap((table) => OPERATIONS.map((operation) => [operation, table] as const)))(
    "service_role: %s on %s works",
    async (operation, table) => {
      const outcome = await run(db, serviceRole, STATEMENTS[table][operation]);
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
      if (outcome.ok) expect(operation === "select" ? outcome.rows.length : outcome.affected).toBe(1);
    },
  );

  it("have row-level security on and no policy; the API roles hold no privilege, not even on the id sequence", async () => {
    expect(
      await asSuperuser(
        db,
        `select c.relname, c.relrowsecurity, (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
         from pg_class c where c.oid in ('public.session_devices'::regclass, 'public.security_events'::regclass) order by c.relname`,
      ),
    ).toEqual([
      { relname: "security_events", relrowsecurity: true, policies: 0 },
      { relname: "session_devices", relrowsecurity: true, policies: 0 },
    ]);
    expect(
      await asSuperuser(
        db,
        `select grantee, table_name, string_agg(privilege_type, ',' order by privilege_type) as privileges
         from information_schema.role_table_grants
         where table_schema = 'public' and table_name in ('session_devices', 'security_events')
           and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC')
         group by grantee, table_name order by grantee, table_name`,
      ),
    ).toEqual(
      ["security_events", "session_devices"].map((table_name) => ({
        grantee: "service_role",
        table_name,
        privileges: "DELETE,INSERT,REFERENCES,SELECT,TRIGGER,TRUNCATE,UPDATE",
      })),
    );
    expect(
      await asSuperuser(
        db,
        `select has_sequence_privilege('anon', pg_get_serial_sequence('public.security_events', 'id'), 'usage') as anon,
                has_sequence_privilege('authenticated', pg_get_serial_sequence('public.security_events', 'id'), 'usage') as authenticated`,
      ),
    ).toEqual([{ anon: false, authenticated: false }]);
  });

  it("a security event's id is always generated, and its time is a timestamptz", async () => {
    expect(await run(db, serviceRole, "insert into public.security_events (id, at, kind) values (99, now(), 'sign-in')")).toMatchObject({
      ok: false,
      code: "428C9",
    });
    expect(await asSuperuser(db, "select id, at, detail from public.security_events")).toEqual([{ id: 1, at: new Date("2026-11-23T10:00:00Z"), detail: "" }]);
  });

  it("deleting an account (as Supabase Auth does) deletes its device rows", async () => {
    await within(db, null, async (tx) => {
      await tx.query("delete from auth.users where id = $1", [INTERPRETER_ID]);
      expect((await tx.query("select count(*)::int as n from public.session_devices")).rows).toEqual([{ n: 0 }]);
    });
  });

  it("a device row needs an existing account", async () => {
    const orphan = "insert into public.session_devices (session_id, user_id) values (gen_random_uuid(), '00000000-0000-4000-8000-0000000000ff')";
    expect(await run(db, serviceRole, orphan)).toMatchObject({ ok: false, code: "23503" });
  });
});

// ─── private.keep_an_admin ───────────────────────────────────────────────────────────────────────────────────────

const LAST_ADMIN: Outcome = { ok: false, code: "23514", message: "the last administrator who can sign in keeps the admin role" };
const ONE_ROW: Outcome = { ok: true, rows: [], affected: 1 };
const demote = (id: string) => `update public.users set role = 'interpreter' where id = '${id}'`;
const promote = (id: string) => `update public.users set role = 'admin' where id = '${id}'`;
const ban = (id: string, until: string) => `update auth.users set banned_until = ${until} where id = '${id}'`;

/** In one transaction (rolled back): `setup` as postgres, then `sql` as `actor` (postgres when null). */
async function attempt(setup: string[], actor: Actor | null, sql: string): Promise<Outcome> {
  return within(db, null, async (tx: Transaction) => {
    for (const statement of setup) await tx.query(statement);
    if (actor) await becomeActor(tx, actor);
    return tx.query(sql).then((result): Outcome => ({ ok: true, rows: result.rows as Row[], affected: result.affectedRows ?? 0 }), failure);
  });
}

describe("the last administrator who can sign in keeps the admin role (private.keep_an_admin)", () => {
  it("lives in schema private, SECURITY DEFINER and VOLATILE with an empty search_path, executable by no API role", async () => {
    expect(
      await asSuperuser(
        db,
        `select n.nspname as schema, p.prosecdef as security_definer, p.proconfig as config, p.provolatile as volatility,
                has_function_privilege('anon', p.oid, 'execute') as anon,
                has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace where p.proname = 'keep_an_admin'`,
      ),
    ).toEqual([{ schema: "private", security_definer: true, config: ['search_path=""'], volatility: "v", anon: false, authenticated: false }]);
  });

  it("fires only when a row loses the admin role, after the role guard (triggers fire in name order)", async () => {
    const triggers = await asSuperuser(
      db,
      // The triggers of a role change (call_log_interpreter_deleted, after a delete, is call-log-orphans.test.ts's).
      "select tgname, pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = 'public.users'::regclass and not tgisinternal " +
        "and tgname like 'users\\_%' order by tgname",
    );
    expect(triggers.map((trigger) => trigger.tgname)).toEqual(["users_guard_role", "users_keep_an_admin"]);
    expect(triggers[1]!.def).toBe(
      "CREATE TRIGGER users_keep_an_admin BEFORE UPDATE OF role ON public.users FOR EACH ROW " +
        "WHEN (((old.role = 'admin'::text) AND (new.role IS DISTINCT FROM 'admin'::text))) EXECUTE FUNCTION private.keep_an_admin()",
    );
  });

  it("refuses demoting the only admin: as the service role, as that admin, and as postgres", async () => {
    expect(await run(db, serviceRole, demote(ADMIN_ID))).toEqual(LAST_ADMIN);
    expect(await run(db, admin, demote(ADMIN_ID))).toEqual(LAST_ADMIN);
    expect(await attempt([], null, demote(ADMIN_ID))).toEqual(LAST_ADMIN);
    expect(await asSuperuser(db, "select role from public.users where id = $1", [ADMIN_ID])).toEqual([{ role: "admin" }]);
  });

  it("refuses it when the only other admin is banned (locked)", async () => {
    const setup = [promote(INTERPRETER_ID), ban(INTERPRETER_ID, "now() + interval '100 years'")];
    expect(await attempt(setup, serviceRole, demote(ADMIN_ID))).toEqual(LAST_ADMIN);
    expect(await attempt(setup, admin, demote(ADMIN_ID))).toEqual(LAST_ADMIN);
  });

  it("allows it when another unbanned admin remains (a ban that has run out counts as none)", async () => {
    expect(await attempt([promote(INTERPRETER_ID)], serviceRole, demote(ADMIN_ID))).toEqual(ONE_ROW);
    expect(await attempt([promote(INTERPRETER_ID), ban(INTERPRETER_ID, "now() - interval '1 minute'")], admin, demote(ADMIN_ID))).toEqual(ONE_ROW);
  });

  it("refuses demoting every admin in one statement (each row's check sees the rows demoted before it)", async () => {
    const everyone = "update public.users set role = 'interpreter' where role = 'admin'";
    expect(await attempt([promote(INTERPRETER_ID)], serviceRole, everyone)).toEqual(LAST_ADMIN);
  });

  it("lets roles be granted, the same role be written again, and other columns change, whatever the bans", async () => {
    const banned = [ban(ADMIN_ID, "now() + interval '1 day'")];
    expect(await attempt(banned, serviceRole, promote(OTHER_INTERPRETER_ID))).toEqual(ONE_ROW);
    expect(await attempt(banned, serviceRole, `update public.users set role = 'admin', full_name = 'Amira' where id = '${ADMIN_ID}'`)).toEqual(ONE_ROW);
    expect(await attempt(banned, serviceRole, `update public.users set phone = '0' where id = '${ADMIN_ID}'`)).toEqual(ONE_ROW);
  });

  it("takes a transaction-scoped advisory lock before it checks, so demotions run one at a time", async () => {
    const advisoryLocks = "select count(*)::int as n from pg_locks where locktype = 'advisory'";
    const held = await within(db, null, async (tx) => {
      await tx.query(promote(INTERPRETER_ID));
      const before = (await tx.query<{ n: number }>(advisoryLocks)).rows[0]!.n;
      await tx.query(demote(ADMIN_ID));
      const after = (await tx.query<{ n: number }>(advisoryLocks)).rows[0]!.n;
      return { before, after };
    });
    expect(held).toEqual({ before: 0, after: 1 });
    expect(await asSuperuser(db, advisoryLocks)).toEqual([{ n: 0 }]); // released with the transaction
  });

  it("cannot be redirected through search_path: admins in a shadow users table do not count", async () => {
    const outcome = await within(db, null, async (tx) => {
      await tx.exec(`create schema shadow; create table shadow.users (id uuid, role text);
                     insert into shadow.users values ('${INTERPRETER_ID}', 'admin')`);
      await tx.query("set local search_path = shadow, public");
      return tx.query(`update public.users set role = 'interpreter' where id = '${ADMIN_ID}'`).then((): Outcome => ONE_ROW, failure);
    });
    expect(outcome).toEqual(LAST_ADMIN);
  });

  it("the role guard still refuses a non-admin first, even with a mistaken policy and another admin", async () => {
    const mistake = 'create policy "oops: signed-in users do anything" on public.users for all to authenticated using (true) with check (true)';
    expect(await attempt([mistake, promote(OTHER_INTERPRETER_ID)], interpreter, demote(ADMIN_ID))).toEqual(ROLE_GUARD_REFUSAL);
    expect(await attempt([mistake], interpreter, demote(ADMIN_ID))).toEqual(ROLE_GUARD_REFUSAL);
  });
});
