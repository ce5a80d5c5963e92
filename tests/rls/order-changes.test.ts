// supabase/migrations/20261126000000_push_orders.sql on real Postgres: a transition is a compare-and-set on version
// AND status that writes the quote, the interpreter, the cancel reason, the delivered files and the history entry only
// when it wins; of two calls from the same version exactly one is stored. And the thread, the note and the status
// link, each with its history entry. All as the service role (who may call them: order-functions.test.ts).
import { describe, expect, it } from "vitest";
import { asSuperuser, count, fileDatabase, run, serviceRole, within } from "./support/db";
import { ADMIN_ID, createWithFixtures, INTERPRETER_ID } from "./support/fixtures";
import { call, createOrder, NOW, QUOTE, rowsOf, TRANSITION_SQL, transitionOrder, transitionParams } from "./support/orders";

const db = fileDatabase(createWithFixtures);

const msOf = (column: string) => `(extract(epoch from ${column}) * 1000)::bigint`;

describe("push_transition_order", () => {
  it("stores the new status and version, the quote and the history entry with its detail, at the exact millisecond", async () => {
    await within(db, serviceRole, async (tx) => {
      const { id } = await createOrder(tx);
      expect(await transitionOrder(tx, { id, transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: QUOTE }, undefined, NOW + 5)).toEqual({
        ok: true,
        version: 2,
      });
      expect(await rowsOf(tx, `select status, version, ${msOf("updated_at")} as updated from public.orders where id = $1`, [id])).toEqual([
        { status: "quoted", version: 2, updated: NOW + 5 },
      ]);
      expect(
        await rowsOf(tx, `select amount_minor, currency, due_date::text, valid_until::text, ${msOf("quoted_at")} as quoted from public.order_quotes`),
      ).toEqual([{ ...QUOTE, quoted: NOW + 5 }]);
      expect(
        await rowsOf(
          tx,
          `select actor, actor_id, action, from_status, to_status, detail, ${msOf("at")} as at from public.order_events where order_id = $1 order by id`,
          [id],
        ),
      ).toEqual([
        expect.objectContaining({ action: "requested" }),
        { actor: "staff", actor_id: ADMIN_ID, action: "quote", from_status: "new", to_status: "quoted", detail: { quote: QUOTE }, at: NOW + 5 },
      ]);
    });
  });

  it("assign keeps the interpreter, deliver the files the interpreter uploaded, cancel its reason", async () => {
    await within(db, serviceRole, async (tx) => {
      const { id } = await createOrder(tx);
      await transitionOrder(tx, { id, transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: QUOTE });
      expect(await transitionOrder(tx, { id, transition: "accept", from: "quoted", to: "accepted", basedOn: 2 }, ["customer", null])).toEqual({
        ok: true,
        version: 3,
      });
      expect(await transitionOrder(tx, { id, transition: "assign", from: "accepted", to: "in_progress", basedOn: 3, interpreter: INTERPRETER_ID })).toEqual({
        ok: true,
        version: 4,
      });
      const delivery = { object_key: "orders/delivery-1", file_name: "contract-es.pdf", content_type: "application/pdf", size: 2048 };
      const deliver = { id, transition: "deliver", from: "in_progress", to: "delivered", basedOn: 4, files: [delivery] };
      expect(await transitionOrder(tx, deliver, ["interpreter", INTERPRETER_ID])).toEqual({ ok: true, version: 5 });
      expect(await rowsOf(tx, "select status, interpreter_id, cancel_reason from public.orders where id = $1", [id])).toEqual([
        { status: "delivered", interpreter_id: INTERPRETER_ID, cancel_reason: "" },
      ]);
      expect(await rowsOf(tx, "select kind, object_key, uploaded_by from public.order_files where order_id = $1 order by id", [id])).toEqual([
        { kind: "source", object_key: expect.any(String), uploaded_by: null },
        { kind: "delivery", object_key: "orders/delivery-1", uploaded_by: INTERPRETER_ID },
      ]);
      expect((await rowsOf(tx, "select actor, actor_id from public.order_events where order_id = $1 order by id", [id])).slice(2)).toEqual([
        { actor: "customer", actor_id: null },
        { actor: "staff", actor_id: ADMIN_ID },
        { actor: "interpreter", actor_id: INTERPRETER_ID },
      ]);

      const other = await createOrder(tx);
      expect(await transitionOrder(tx, { id: other.id, transition: "cancel", from: "new", to: "cancelled", basedOn: 1, reason: "Duplicate" })).toEqual({
        ok: true,
        version: 2,
      });
      expect(await rowsOf(tx, "select status, cancel_reason from public.orders where id = $1", [other.id])).toEqual([
        { status: "cancelled", cancel_reason: "Duplicate" },
      ]);
    });
  });

  it("refuses a stale version or another status and writes nothing beside; an unknown order is not found", async () => {
    await within(db, serviceRole, async (tx) => {
      const { id } = await createOrder(tx);
      const files = [{ object_key: "orders/never", file_name: "x.pdf", content_type: "application/pdf", size: 1 }];
      expect(await transitionOrder(tx, { id, transition: "quote", from: "new", to: "quoted", basedOn: 7, quote: QUOTE, files })).toEqual({
        ok: false,
        reason: "stale",
      });
      expect(await transitionOrder(tx, { id, transition: "complete", from: "delivered", to: "completed", basedOn: 1, quote: QUOTE })).toEqual({
        ok: false,
        reason: "stale",
      });
      expect(await rowsOf(tx, "select status, version from public.orders where id = $1", [id])).toEqual([{ status: "new", version: 1 }]);
      expect(await rowsOf(tx, "select count(*)::int as n from public.order_quotes")).toEqual([{ n: 0 }]);
      expect(await rowsOf(tx, "select count(*)::int as n from public.order_files where object_key = 'orders/never'")).toEqual([{ n: 0 }]);
      expect(await rowsOf(tx, "select count(*)::int as n from public.order_events where order_id = $1", [id])).toEqual([{ n: 1 }]);
      expect(await transitionOrder(tx, { id: 99_999, transition: "quote", from: "new", to: "quoted", basedOn: 1 })).toEqual({ ok: false, reason: "not-found" });
    });
  });

  it("of two calls from the same version, exactly one is stored, with its own rows only", async () => {
    const { id } = await within(db, serviceRole, (tx) => createOrder(tx, { email: "race@example.com" }), { commit: true });
    const cheap = { ...QUOTE, amount_minor: 100 };
    // Each its own transaction, as two requests are (PGlite runs them one after the other; on Postgres the second
    // waits for the first one's row lock, then finds the version moved on — the same answer).
    const outcomes = await Promise.all(
      [
        { id, transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: QUOTE },
        { id, transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: cheap },
        { id, transition: "cancel", from: "new", to: "cancelled", basedOn: 1, reason: "Duplicate" },
      ].map((t) => run(db, serviceRole, `select ${TRANSITION_SQL} as value`, transitionParams(t), { commit: true })),
    );
    const answers = outcomes.map((outcome) => (outcome.ok ? outcome.rows[0]!.value : outcome));
    expect(answers.filter((answer) => (answer as { ok: boolean }).ok)).toEqual([{ ok: true, version: 2 }]);
    expect(answers.filter((answer) => !(answer as { ok: boolean }).ok)).toEqual([
      { ok: false, reason: "stale" },
      { ok: false, reason: "stale" },
    ]);
    const winner = answers.findIndex((answer) => (answer as { ok: boolean }).ok);
    expect(await asSuperuser(db, "select status, version, cancel_reason from public.orders where id = $1", [id])).toEqual([
      winner === 2 ? { status: "cancelled", version: 2, cancel_reason: "Duplicate" } : { status: "quoted", version: 2, cancel_reason: "" },
    ]);
    expect(await asSuperuser(db, "select amount_minor from public.order_quotes where order_id = $1", [id])).toEqual(
      winner === 2 ? [] : [{ amount_minor: [QUOTE, cheap][winner]!.amount_minor }],
    );
    expect(await count(db, "public.order_events", "order_id = $1", [id])).toBe(2);
  });
});

describe("the thread, the note and the status link", () => {
  it("push_add_order_message: the customer's and staff's messages; false for no such order; an empty body is refused", async () => {
    await within(db, serviceRole, async (tx) => {
      const { id } = await createOrder(tx);
      expect(await call(tx, "public.push_add_order_message($1, 'customer', null, 'By Friday?', $2)", [id, NOW])).toBe(true);
      expect(await call(tx, "public.push_add_order_message($1, 'staff', $2, 'Yes.', $3)", [id, ADMIN_ID, NOW + 1])).toBe(true);
      expect(await call(tx, "public.push_add_order_message(99999, 'staff', $1, 'Lost', $2)", [ADMIN_ID, NOW])).toBe(false);
      expect(await rowsOf(tx, `select author, author_id, body, ${msOf("created_at")} as at from public.order_messages order by id`)).toEqual([
        { author: "customer", author_id: null, body: "By Friday?", at: NOW },
        { author: "staff", author_id: ADMIN_ID, body: "Yes.", at: NOW + 1 },
      ]);
    });
    await within(db, serviceRole, async (tx) => {
      const { id } = await createOrder(tx);
      await expect(call(tx, "public.push_add_order_message($1, 'customer', null, '', $2)", [id, NOW])).rejects.toMatchObject({ code: "23514" });
    });
  });

  it("push_set_order_note: the note and a 'note' entry by staff, the version unchanged; false for no such order", async () => {
    await within(db, serviceRole, async (tx) => {
      const { id } = await createOrder(tx);
      expect(await call(tx, "public.push_set_order_note($1, 'Rush job', $2, $3)", [id, ADMIN_ID, NOW + 9])).toBe(true);
      expect(await rowsOf(tx, `select internal_note, version, ${msOf("updated_at")} as updated from public.orders where id = $1`, [id])).toEqual([
        { internal_note: "Rush job", version: 1, updated: NOW + 9 },
      ]);
      expect(await rowsOf(tx, "select actor, actor_id, action from public.order_events where order_id = $1 order by id desc limit 1", [id])).toEqual([
        { actor: "staff", actor_id: ADMIN_ID, action: "note" },
      ]);
      expect(await call(tx, "public.push_set_order_note(99999, 'x', $1, $2)", [ADMIN_ID, NOW])).toBe(false);
      expect(await rowsOf(tx, "select count(*)::int as n from public.order_events where action = 'note'")).toEqual([{ n: 1 }]);
    });
  });

  it("push_revoke_order_link: once, with its entry; again or for no such order, false and nothing written", async () => {
    await within(db, serviceRole, async (tx) => {
      const { id } = await createOrder(tx);
      expect(await call(tx, "public.push_revoke_order_link($1, $2, $3)", [id, ADMIN_ID, NOW + 3])).toBe(true);
      expect(await call(tx, "public.push_revoke_order_link($1, $2, $3)", [id, ADMIN_ID, NOW + 4])).toBe(false);
      expect(await call(tx, "public.push_revoke_order_link(99999, $1, $2)", [ADMIN_ID, NOW])).toBe(false);
      expect(await rowsOf(tx, `select ${msOf("token_revoked_at")} as revoked from public.orders where id = $1`, [id])).toEqual([{ revoked: NOW + 3 }]);
      expect(await rowsOf(tx, "select action, actor_id from public.order_events where order_id = $1 order by id", [id])).toEqual([
        { action: "requested", actor_id: null },
        { action: "link-revoked", actor_id: ADMIN_ID },
      ]);
    });
  });
});
