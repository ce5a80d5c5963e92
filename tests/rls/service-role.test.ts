// The service role (the worker's server-side key): bypasses row-level security, as in every Supabase project.
import { describe, expect, it } from "vitest";
import { asSuperuser, fileDatabase, rowsAs, run, serviceRole, within } from "./support/db";
import { expectVisibleRows, itWrites, ONE_ROW_AFFECTED } from "./support/expect";
import { createWithFixtures, FIXTURE_ROWS, INTERPRETER_ID, NEW_ACCOUNT_ID, TABLES } from "./support/fixtures";

const db = fileDatabase(createWithFixtures);

describe("service_role bypasses row-level security", () => {
  it("is a BYPASSRLS role without login (reached only through the API's SET ROLE)", async () => {
    expect(await asSuperuser(db, "select rolbypassrls, rolcanlogin from pg_roles where rolname = 'service_role'")).toEqual([
      { rolbypassrls: true, rolcanlogin: false },
    ]);
  });

  it.each(TABLES)("reads every row of %s", async (table) => {
    await expectVisibleRows(db, serviceRole, table, FIXTURE_ROWS[table]);
  });

  itWrites(() => db, serviceRole, TABLES);
});

describe("service_role and the role guard", () => {
  it("makes an interpreter admin", async () => {
    const outcome = await run(db, serviceRole, "update public.users set role = 'admin' where id = $1 returning role", [INTERPRETER_ID]);
    expect(outcome).toEqual({ ok: true, rows: [{ role: "admin" }], affected: 1 });
  });

  it("adds a new admin row", async () => {
    const outcome = await run(db, serviceRole, "insert into public.users (id, full_name, email, role) values ($1, 'Ops Admin', 'ops@push.test', 'admin')", [
      NEW_ACCOUNT_ID,
    ]);
    expect(outcome).toEqual(ONE_ROW_AFFECTED);
  });
});

describe("the worker's contact outbox, as the Supabase adapter runs it", () => {
  it("stores a message, claims it, and records the send", async () => {
    await within(db, serviceRole, async (tx) => {
      const now = 1_742_600_000_000;
      const saved = await tx.query<{ id: number; status: string; attempts: number }>(
        `insert into public.contact_messages (name, email, subject, message, received_at, next_attempt_at)
         values ('Ana', 'ana@visitor.test', 'Quote', 'Hello', $1, $1) returning id, status, attempts`,
        [now],
      );
      const message = saved.rows[0]!;
      expect(message).toMatchObject({ status: "pending", attempts: 0 });
      const claimed = await tx.query(
        `update public.contact_messages set claim_id = 'run-1', claimed_until = $2
         where id = $1 and status = 'pending' and next_attempt_at <= $3 and (claimed_until is null or claimed_until < $3)`,
        [message.id, now + 60_000, now],
      );
      expect(claimed.affectedRows).toBe(1);
      const sent = await tx.query(
        `update public.contact_messages set status = 'sent', sent_at = $2, attempts = attempts + 1, claim_id = null, claimed_until = null
         where id = $1 and claim_id = 'run-1'`,
        [message.id, now + 1_000],
      );
      expect(sent.affectedRows).toBe(1);
    });
  });

  it("epoch-millisecond times round-trip as numbers", async () => {
    expect(await rowsAs(db, serviceRole, "select received_at, sent_at from public.contact_messages where id = 2")).toEqual([
      { received_at: 1742515300000, sent_at: 1742515301000 },
    ]);
  });
});
