// supabase/migrations/20261203000300_push_calendar_feeds.sql on real Postgres (issue 25). calendar_feeds is the
// worker's alone: no role but the service role reads or writes it — not anon, not the feed's owner, not an admin — as
// its token hash is secret-equivalent. What the table refuses on its own, whoever writes: a hash that is not 64
// lower-case hex characters, a hash another feed has, a second feed for one person, a feed for nobody; the cascade
// when the person goes. Then its functions: only the service role executes them; a feed issued (replacing the old
// token and instant) only for a users row, revoked, found by its hash; and the appointments it lists.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, count, fileDatabase, run, serviceRole, within, type Actor } from "./support/db";
import { attempt, CUSTOMER_SQL, HOUR, insertSql } from "./support/appointments";
import { itBelongsToTheWorker, ONE_ROW_AFFECTED, permissionDenied } from "./support/expect";
import {
  accountWithoutProfile,
  admin,
  ADMIN_ID,
  createWithFixtures,
  INTERPRETER_ID,
  interpreter,
  NEW_ACCOUNT_ID,
  OTHER_INTERPRETER_ID,
  otherInterpreter,
} from "./support/fixtures";
import { ms } from "./support/offers";
import { call, rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

/** 2026-11-25T10:00:00.123Z: a millisecond that must survive the round trip through timestamptz. */
const NOW = 1_764_064_800_123;
const NOBODY = "00000000-0000-4000-8000-00000000dead";
/** 2034-05-02 16:00 UTC. */
const DAY_1 = Date.UTC(2034, 4, 2, 16);
const DAY = 24 * HOUR;
const iso = (at: number) => new Date(at).toISOString();
/** A valid token hash: 64 lower-case hex characters made of `digit`. */
const hashOf = (digit: string) => digit.repeat(64);

describe("the table: the worker's alone", () => {
  // The interpreter's feed (hash of a's).
  const db = fileDatabase(createWithFixtures, () =>
    asSuperuser(db, `insert into public.calendar_feeds (user_id, token_hash, issued_at) values ('${INTERPRETER_ID}', '${hashOf("a")}', now())`),
  );

  const STATEMENTS = {
    select: "select * from public.calendar_feeds",
    insert: `insert into public.calendar_feeds (user_id, token_hash, issued_at) values ('${ADMIN_ID}', '${hashOf("b")}', now())`,
    update: `update public.calendar_feeds set token_hash = '${hashOf("c")}' where user_id = '${ADMIN_ID}'`,
    delete: `delete from public.calendar_feeds where user_id = '${ADMIN_ID}'`,
  };

  itBelongsToTheWorker(() => db, "calendar_feeds", STATEMENTS, {
    name: "service_role: issues a feed (beside the interpreter's), reads, replaces its hash and deletes it",
    stored: async (tx) =>
      expect(await rowsOf(tx, "select user_id, token_hash from public.calendar_feeds order by user_id")).toEqual([
        { user_id: ADMIN_ID, token_hash: hashOf("b") },
        { user_id: INTERPRETER_ID, token_hash: hashOf("a") },
      ]),
  });

  it.each([
    ["its owner", interpreter],
    ["another interpreter", otherInterpreter],
    ["an admin", admin],
    ["an account without a users row", accountWithoutProfile],
  ] as [string, Actor][])("%s reads no feed, not even by its hash, and cannot point one at a hash they know", async (_name, actor) => {
    const refused = permissionDenied("table calendar_feeds");
    expect(await run(db, actor, `select user_id from public.calendar_feeds where token_hash = '${hashOf("a")}'`)).toEqual(refused);
    expect(await run(db, actor, `update public.calendar_feeds set token_hash = '${hashOf("d")}'`)).toEqual(refused);
    expect(
      await run(db, actor, `insert into public.calendar_feeds (user_id, token_hash, issued_at) values ('${NEW_ACCOUNT_ID}', '${hashOf("d")}', now())`),
    ).toEqual(refused);
    expect(await asSuperuser(db, "select user_id, token_hash from public.calendar_feeds")).toEqual([{ user_id: INTERPRETER_ID, token_hash: hashOf("a") }]);
  });

  describe("what the table refuses, whoever writes", () => {
    it.each([
      ["the service role", serviceRole],
      ["the superuser (the SQL editor)", null],
    ] as const)("%s: a hash not of 64 lower-case hex characters, a hash in use, a second feed for one person, a feed for nobody", async (_name, actor) => {
      const insert = (userId: string, hash: string) =>
        `insert into public.calendar_feeds (user_id, token_hash, issued_at) values ('${userId}', '${hash}', now())`;
      await within(db, actor, async (tx) => {
        for (const hash of [hashOf("A"), "a".repeat(63), "a".repeat(65), `${"a".repeat(63)}g`, `${"a".repeat(63)}\n`, ""]) {
          expect(await attempt(tx, insert(ADMIN_ID, hash)), JSON.stringify(hash)).toMatchObject({
            ok: false,
            code: "23514",
            message: expect.stringContaining('"calendar_feeds_token_hash_check"'),
          });
        }
        expect(await attempt(tx, insert(ADMIN_ID, hashOf("a")))).toMatchObject({
          ok: false,
          code: "23505",
          message: 'duplicate key value violates unique constraint "calendar_feeds_token_hash_key"',
        });
        expect(await attempt(tx, insert(INTERPRETER_ID, hashOf("b")))).toMatchObject({
          ok: false,
          code: "23505",
          message: 'duplicate key value violates unique constraint "calendar_feeds_pkey"',
        });
        expect(await attempt(tx, insert(NOBODY, hashOf("b")))).toMatchObject({ ok: false, code: "23503" });
        // An account without a users row has no feed either: the key is the users row's.
        expect(await attempt(tx, insert(NEW_ACCOUNT_ID, hashOf("b")))).toMatchObject({ ok: false, code: "23503" });
        expect(await attempt(tx, `update public.calendar_feeds set token_hash = upper(token_hash)`)).toMatchObject({ ok: false, code: "23514" });
        expect(await attempt(tx, insert(ADMIN_ID, hashOf("0")))).toEqual(ONE_ROW_AFFECTED);
      });
    });
  });

  it.each([
    ["the users row", "delete from public.users where id = $1"],
    ["the sign-in account (auth.users, which the users row follows)", "delete from auth.users where id = $1"],
  ])("deleting %s deletes that person's feed", async (_name, sql) => {
    await within(db, null, async (tx) => {
      await tx.query(sql, [INTERPRETER_ID]);
      expect((await tx.query("select user_id from public.calendar_feeds")).rows).toEqual([]);
    });
    expect(await count(db, "public.calendar_feeds")).toBe(1);
  });
});

describe("the functions", () => {
  const db = fileDatabase(createWithFixtures, () => asSuperuser(db, CUSTOMER_SQL));

  const issue = (tx: Transaction, userId: string, hash: string, now: number) =>
    call<boolean>(tx, "public.push_issue_calendar_feed(p_user_id => $1, p_token_hash => $2, p_now => $3)", [userId, hash, now]);
  const revoke = (tx: Transaction, userId: string) => call<boolean>(tx, "public.push_revoke_calendar_feed(p_user_id => $1)", [userId]);
  const issuedAt = async (tx: Transaction, userId: string) =>
    ms(await call<Date | string | null>(tx, "public.push_calendar_feed_issued_at(p_user_id => $1)", [userId]));
  const owner = (tx: Transaction, hash: string) => call<string | null>(tx, "public.push_calendar_feed_owner(p_token_hash => $1)", [hash]);
  const listed = async (tx: Transaction, userId: string, since: number, limit = 500) =>
    (
      await call<{ id: number; status: string }[]>(tx, "public.push_calendar_feed_appointments(p_user_id => $1, p_since => $2, p_limit => $3)", [
        userId,
        since,
        limit,
      ])
    ).map((appointment) => [appointment.id, appointment.status]);
  /** An appointment of an hour from `from`, with this status and interpreter. */
  async function book(tx: Transaction, id: number, from: number, status: string, person: string | null) {
    await tx.query(...insertSql({ id, status, interpreter: person, from: iso(from), to: iso(from + HOUR) }));
    return id;
  }

  describe("only the service role executes them", () => {
    const CALLS: Record<string, string> = {
      push_issue_calendar_feed: `public.push_issue_calendar_feed('${INTERPRETER_ID}', '${hashOf("e")}', 1)`,
      push_revoke_calendar_feed: `public.push_revoke_calendar_feed('${INTERPRETER_ID}')`,
      push_calendar_feed_issued_at: `public.push_calendar_feed_issued_at('${INTERPRETER_ID}')`,
      push_calendar_feed_owner: `public.push_calendar_feed_owner('${hashOf("e")}')`,
      push_calendar_feed_appointments: `public.push_calendar_feed_appointments('${INTERPRETER_ID}', 1, 500)`,
    };

    itIsTheServiceRolesAlone(() => db, CALLS);
  });

  describe("issuing, replacing, revoking, finding (as the service role)", () => {
    it("issued at p_now (to the millisecond), found by its hash; issued again: the new token and instant replace the old", async () => {
      await within(db, serviceRole, async (tx) => {
        expect(await issuedAt(tx, INTERPRETER_ID)).toBeNull();
        expect(await issue(tx, INTERPRETER_ID, hashOf("a"), NOW)).toBe(true);
        expect(await issuedAt(tx, INTERPRETER_ID)).toBe(NOW);
        expect(await owner(tx, hashOf("a"))).toBe(INTERPRETER_ID);

        expect(await issue(tx, INTERPRETER_ID, hashOf("b"), NOW + 1)).toBe(true);
        expect(await owner(tx, hashOf("a"))).toBeNull();
        expect(await owner(tx, hashOf("b"))).toBe(INTERPRETER_ID);
        expect(await issuedAt(tx, INTERPRETER_ID)).toBe(NOW + 1);
        expect(await rowsOf(tx, "select user_id, token_hash from public.calendar_feeds")).toEqual([{ user_id: INTERPRETER_ID, token_hash: hashOf("b") }]);

        // Each person their own.
        expect(await issue(tx, OTHER_INTERPRETER_ID, hashOf("c"), NOW + 2)).toBe(true);
        expect([await owner(tx, hashOf("b")), await owner(tx, hashOf("c"))]).toEqual([INTERPRETER_ID, OTHER_INTERPRETER_ID]);
      });
    });

    it("only for a users row: nobody, or an account without one, is false, storing nothing", async () => {
      await within(db, serviceRole, async (tx) => {
        expect(await issue(tx, NOBODY, hashOf("a"), NOW)).toBe(false);
        expect(await issue(tx, NEW_ACCOUNT_ID, hashOf("b"), NOW)).toBe(false);
        expect(await rowsOf(tx, "select user_id from public.calendar_feeds")).toEqual([]);
        expect(await owner(tx, hashOf("a"))).toBeNull();
      });
    });

    it("a hash another feed has, or not of 64 lower-case hex characters, is refused by the table", async () => {
      await within(db, serviceRole, async (tx) => {
        await issue(tx, INTERPRETER_ID, hashOf("a"), NOW);
        const sql = "select public.push_issue_calendar_feed($1, $2, $3)";
        expect(await attempt(tx, sql, [OTHER_INTERPRETER_ID, hashOf("a"), NOW])).toMatchObject({ ok: false, code: "23505" });
        expect(await attempt(tx, sql, [OTHER_INTERPRETER_ID, hashOf("F"), NOW])).toMatchObject({ ok: false, code: "23514" });
        expect(await owner(tx, hashOf("a"))).toBe(INTERPRETER_ID);
      });
    });

    it("revoked: found no more, issued at null; revoking again is false; another's feed stays", async () => {
      await within(db, serviceRole, async (tx) => {
        await issue(tx, INTERPRETER_ID, hashOf("a"), NOW);
        await issue(tx, OTHER_INTERPRETER_ID, hashOf("b"), NOW);
        expect(await revoke(tx, INTERPRETER_ID)).toBe(true);
        expect(await revoke(tx, INTERPRETER_ID)).toBe(false);
        expect(await owner(tx, hashOf("a"))).toBeNull();
        expect(await issuedAt(tx, INTERPRETER_ID)).toBeNull();
        expect(await owner(tx, hashOf("b"))).toBe(OTHER_INTERPRETER_ID);
        expect(await revoke(tx, NOBODY)).toBe(false);
      });
    });
  });

  describe("push_calendar_feed_appointments (as the service role)", () => {
    it("the person's confirmed, completed and cancelled appointments from p_since (included), by start then id; not others'", async () => {
      await within(db, serviceRole, async (tx) => {
        const past = await book(tx, 1, DAY_1 - DAY, "confirmed", INTERPRETER_ID);
        const later = await book(tx, 2, DAY_1 + 2 * DAY, "confirmed", INTERPRETER_ID);
        // Two at the same start: by id (the second is booked first, and not at the same time for the same person).
        const cancelled = await book(tx, 4, DAY_1, "cancelled", INTERPRETER_ID);
        const sooner = await book(tx, 3, DAY_1, "confirmed", INTERPRETER_ID);
        const completed = await book(tx, 5, DAY_1 + DAY, "completed", INTERPRETER_ID);
        // Not theirs, or never confirmed to anyone.
        await book(tx, 6, DAY_1 + HOUR, "confirmed", OTHER_INTERPRETER_ID);
        await book(tx, 7, DAY_1 + 3 * HOUR, "offered", null);
        await book(tx, 8, DAY_1 + 4 * HOUR, "requested", null);

        expect(await listed(tx, INTERPRETER_ID, DAY_1)).toEqual([
          [sooner, "confirmed"],
          [cancelled, "cancelled"],
          [completed, "completed"],
          [later, "confirmed"],
        ]);
        expect((await listed(tx, INTERPRETER_ID, DAY_1 - DAY)).map(([id]) => id)).toEqual([past, sooner, cancelled, completed, later]);
        expect((await listed(tx, INTERPRETER_ID, DAY_1 - DAY + 1)).map(([id]) => id)).toEqual([sooner, cancelled, completed, later]);
        expect(await listed(tx, INTERPRETER_ID, DAY_1 + 3 * DAY)).toEqual([]);
        expect(await listed(tx, OTHER_INTERPRETER_ID, 0)).toEqual([[6, "confirmed"]]);
        expect(await listed(tx, NOBODY, 0)).toEqual([]);
      });
    });

    it("each as push_get_appointment answers it; at most p_limit, the soonest first", async () => {
      await within(db, serviceRole, async (tx) => {
        for (let index = 0; index < 5; index++) await book(tx, 5 - index, DAY_1 + index * 3 * HOUR, "confirmed", INTERPRETER_ID);
        expect((await listed(tx, INTERPRETER_ID, 0, 3)).map(([id]) => id)).toEqual([5, 4, 3]);
        const [first] = await call<object[]>(tx, "public.push_calendar_feed_appointments($1, 0, 1)", [INTERPRETER_ID]);
        expect(first).toEqual(await call(tx, "public.push_get_appointment($1)", [5]));
      });
    });

    it("the person removed: their appointments keep no interpreter (ON DELETE SET NULL), so no feed of anyone lists them", async () => {
      await within(db, null, async (tx) => {
        await book(tx, 1, DAY_1, "confirmed", INTERPRETER_ID);
        await tx.query("delete from public.users where id = $1", [INTERPRETER_ID]);
        expect(await listed(tx, INTERPRETER_ID, 0)).toEqual([]);
      });
    });
  });
});
