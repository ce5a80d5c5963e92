// supabase/migrations/20261128000000_push_order_mail_atomic.sql on real Postgres (issue 21): a request, a transition
// and a message store their e-mails (p_mails) in the same transaction, or nothing at all; a request is stored under
// the id push_next_order_id gave, so the e-mails written before the call can carry its number.
import { describe, expect, it } from "vitest";
import { fileDatabase, serviceRole, within } from "./support/db";
import { createWithFixtures, LANGUAGE } from "./support/fixtures";
import { call, NOW, rowsOf } from "./support/orders";

const db = fileDatabase(createWithFixtures);

const mail = (subject: string, to: string | null = "lena@example.com") => ({ kind: "order-status", to_email: to, subject, body: "Body" });
const REQUEST = `public.push_create_order(p_name => 'Lena Park', p_email => 'lena@example.com', p_phone => '', p_company => '', p_service_id => 1,
  p_source_language_id => $1, p_target_language_ids => $2, p_deadline => '2031-05-20', p_details => '', p_locale => 'en', p_token_hash => $3,
  p_token_sealed => 'sealed', p_files => '[]', p_now => $4, p_id => $5, p_mails => $6)`;
const request = (id: number, hash: string, mails: object[]) => [LANGUAGE.english, [LANGUAGE.spanish], hash, NOW, id, JSON.stringify(mails)];
const outbox = (tx: Parameters<typeof rowsOf>[0]) =>
  rowsOf(tx, "select order_id, subject, status, created_at, next_attempt_at from public.mail_outbox order by id");

describe("an order change and its e-mails are one write", () => {
  it("a request is stored under the id asked for, with its e-mails; ids are never handed out twice", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = Number(await call<string>(tx, "public.push_next_order_id()"));
      expect(Number(await call<string>(tx, "public.push_next_order_id()"))).toBe(id + 1);
      expect(await call(tx, REQUEST, request(id, "a".repeat(64), [mail(`PUSH-${id}`), mail("staff", "office@example.com")]))).toEqual({ ok: true, id });
      expect(await outbox(tx)).toEqual([
        { order_id: id, subject: `PUSH-${id}`, status: "pending", created_at: NOW, next_attempt_at: NOW },
        { order_id: id, subject: "staff", status: "pending", created_at: NOW, next_attempt_at: NOW },
      ]);
    });
  });

  it("an e-mail that cannot be stored fails the request whole: no customer, no order", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = Number(await call<string>(tx, "public.push_next_order_id()"));
      await tx.query("savepoint before");
      await expect(call(tx, REQUEST, request(id, "b".repeat(64), [mail("no address", null)]))).rejects.toMatchObject({ code: "23502" });
      await tx.query("rollback to savepoint before");
      expect(await rowsOf(tx, "select count(*)::int as n from public.orders where id = $1", [id])).toEqual([{ n: 0 }]);
      expect(await rowsOf(tx, "select count(*)::int as n from public.customers where email = 'lena@example.com'")).toEqual([{ n: 0 }]);
    });
  });

  it("a transition stores its e-mails only when it wins; a failing e-mail leaves the order as it was; a message stores its own", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = Number(await call<string>(tx, "public.push_next_order_id()"));
      await call(tx, REQUEST, request(id, "c".repeat(64), []));
      const cancel = `public.push_transition_order(p_id => $1, p_transition => 'cancel', p_from => 'new', p_to => 'cancelled', p_based_on => $2,
        p_actor => 'staff', p_actor_id => null, p_quote => null, p_interpreter_id => null, p_cancel_reason => 'x', p_delivery_files => '[]',
        p_detail => '{}', p_now => $3, p_mails => $4)`;
      expect(await call(tx, cancel, [id, 7, NOW, JSON.stringify([mail("stale")])])).toEqual({ ok: false, reason: "stale" });
      await tx.query("savepoint before");
      await expect(call(tx, cancel, [id, 1, NOW, JSON.stringify([mail("no address", null)])])).rejects.toMatchObject({ code: "23502" });
      await tx.query("rollback to savepoint before");
      expect(await rowsOf(tx, "select status, version from public.orders where id = $1", [id])).toEqual([{ status: "new", version: 1 }]);
      expect(await outbox(tx)).toEqual([]);
      expect(await call(tx, cancel, [id, 1, NOW, JSON.stringify([mail("Cancelled")])])).toEqual({ ok: true, version: 2 });
      const message = "public.push_add_order_message(p_id => $1, p_author => 'staff', p_author_id => null, p_body => 'Hi', p_now => $2, p_mails => $3)";
      expect(await call(tx, message, [id, NOW, JSON.stringify([mail("Message")])])).toBe(true);
      expect(await call(tx, message, [999_999, NOW, JSON.stringify([mail("Lost")])])).toBe(false);
      expect((await outbox(tx)).map((row) => [row.order_id, row.subject])).toEqual([
        [id, "Cancelled"],
        [id, "Message"],
      ]);
    });
  });
});
