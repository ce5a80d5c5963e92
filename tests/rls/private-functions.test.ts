// private.is_admin() and the users.role guard: where they live, how they run, who can call them, and that the
// guard holds even when a policy is wrong.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { anon, asSuperuser, becomeActor, failure, fileDatabase, rowsAs, run, serviceRole, within, type Outcome, type Row } from "./support/db";
import { NO_ROWS_AFFECTED, ONE_ROW_AFFECTED, permissionDenied, ROLE_GUARD_REFUSAL } from "./support/expect";
import { accountWithoutProfile, admin, ADMIN_ID, createWithFixtures, INTERPRETER_ID, interpreter, NEW_ACCOUNT_ID } from "./support/fixtures";

const db = fileDatabase(createWithFixtures);

const functionInfo = (name: string) =>
  asSuperuser(
    db,
    `select n.nspname as schema, p.prosecdef as security_definer, p.proconfig as config, p.provolatile as volatility,
            pg_get_function_result(p.oid) as returns
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace where p.proname = $1`,
    [name],
  );

describe("private.is_admin()", () => {
  it("lives in schema private, is SECURITY DEFINER and STABLE, with an empty search_path, and returns boolean", async () => {
    expect(await functionInfo("is_admin")).toEqual([
      { schema: "private", security_definer: true, config: ['search_path=""'], volatility: "s", returns: "boolean" },
    ]);
  });

  it("anon cannot call it, and has neither usage on schema private nor execute on the function", async () => {
    expect(await run(db, anon, "select private.is_admin()")).toEqual(permissionDenied("schema private"));
    expect(
      await asSuperuser(
        db,
        `select has_schema_privilege('anon', 'private', 'usage') as usage,
                has_function_privilege('anon', 'private.is_admin()', 'execute') as execute,
                has_schema_privilege('authenticated', 'private', 'create') as authenticated_create`,
      ),
    ).toEqual([{ usage: false, execute: false, authenticated_create: false }]);
  });

  it("answers for the caller's own token: admin true, interpreter false, account without users row false", async () => {
    expect(await rowsAs(db, admin, "select private.is_admin() as v")).toEqual([{ v: true }]);
    expect(await rowsAs(db, interpreter, "select private.is_admin() as v")).toEqual([{ v: false }]);
    expect(await rowsAs(db, accountWithoutProfile, "select private.is_admin() as v")).toEqual([{ v: false }]);
  });

  it("cannot be redirected through search_path: a public.users shadow table does not change its answer", async () => {
    await within(db, null, async (tx) => {
      await tx.exec("create schema shadow; create table shadow.users (id uuid, role text)");
      await tx.query("insert into shadow.users values ($1, 'admin')", [INTERPRETER_ID]);
      await tx.exec("grant usage on schema shadow to authenticated; grant select on shadow.users to authenticated");
      await becomeActor(tx, interpreter);
      await tx.query("set local search_path = shadow, public");
      expect((await tx.query("select private.is_admin() as v")).rows).toEqual([{ v: false }]);
    });
  });

  it("the API exposes only the content studio's, the orders', the appointments', the availability, the offers', the reminders', the calendar feeds', the appointment records', the rate cards', the invoices', billing's reads', the reports' and customer accounts' functions through /rpc, and only to the service role", async () => {
    const functions = await asSuperuser(
      db,
      `select p.proname,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service_role
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by p.proname`,
    );
    expect(functions).toEqual(
      [
        "push_accept_customer_invitation",
        "push_accept_offer",
        "push_add_billable_items",
        "push_add_credential",
        "push_add_order_message",
        "push_add_pay_items",
        "push_add_rate_line",
        "push_add_time_off",
        "push_answer_preference_request",
        "push_appointment_by_token",
        "push_appointment_offers",
        "push_appointment_record",
        "push_appointment_records",
        "push_appointment_reminders",
        "push_appointments_between",
        "push_approve_attendance",
        "push_availability_candidates",
        "push_availability_of",
        "push_blocked_interpreters",
        "push_calendar_feed_appointments",
        "push_calendar_feed_issued_at",
        "push_calendar_feed_owner",
        "push_call_log_totals",
        "push_cancel_appointment",
        "push_change_appointment",
        "push_clear_interpreter_stance",
        "push_create_invoice_draft",
        "push_create_order",
        "push_create_organisation",
        "push_create_service",
        "push_credit_invoice",
        "push_customer_claim",
        "push_customer_invitation",
        "push_decline_offer",
        "push_expiring_credentials",
        "push_find_people",
        "push_flag_unfilled",
        "push_get_appointment",
        "push_get_customer",
        "push_get_offer",
        "push_get_order",
        "push_interpreter_offers",
        "push_interpreter_ratings",
        "push_interpreter_stances",
        "push_invite_customer_person",
        "push_invoice",
        "push_invoice_by_link",
        "push_invoices_page",
        "push_issue_calendar_feed",
        "push_issue_invoice",
        "push_join_by_customer_claim",
        "push_linked_languages",
        "push_list_accounts",
        "push_list_appointments",
        "push_list_customers",
        "push_list_links",
        "push_list_orders",
        "push_low_ratings",
        "push_mark_pay_statement_paid",
        "push_move_service",
        "push_next_appointment_id",
        "push_next_order_id",
        "push_offer_appointment",
        "push_order_by_token",
        "push_organisation",
        "push_organisation_add_customer",
        "push_organisation_people",
        "push_organisations_page",
        "push_own_rating",
        "push_past_interpreters",
        "push_pay_statement",
        "push_pay_statements",
        "push_payments_after",
        "push_portal_appointment",
        "push_portal_appointments",
        "push_portal_invoice",
        "push_portal_invoices",
        "push_portal_messages",
        "push_portal_order",
        "push_portal_orders",
        "push_preference_requests",
        "push_rate",
        "push_rate_lines_for_pricing",
        "push_rate_lines_page",
        "push_rating_of",
        "push_record_attendance",
        "push_record_invoice_payment",
        "push_record_stripe_payment",
        "push_remind_appointment",
        "push_reminders_due",
        "push_remove_service",
        "push_report",
        "push_request_appointment",
        "push_request_customer_claim",
        "push_request_preference",
        "push_revoke_calendar_feed",
        "push_revoke_order_link",
        "push_save_content",
        "push_send_invoice",
        "push_set_customer_currency",
        "push_set_interpreter_stance",
        "push_set_order_note",
        "push_set_working_hours",
        "push_transition_order",
        "push_unbilled_work",
        "push_unfilled_due",
        "push_unfilled_since",
        "push_unpaid_work",
        "push_verify_order_identity",
      ].map((proname) => ({
        proname,
        anon: false,
        authenticated: false,
        service_role: true,
      })),
    );
  });
});

describe("policies use the init-plan form", () => {
  it("every auth.uid() and private.is_admin() in a policy is wrapped in (select …)", async () => {
    const policies = await asSuperuser(db, "select policyname, qual, with_check from pg_policies where schemaname = 'public'");
    expect(policies.length).toBeGreaterThan(0);
    for (const { policyname, qual, with_check } of policies) {
      for (const expression of [qual, with_check]) {
        if (typeof expression !== "string") continue;
        const bare = expression.replace(/\( SELECT auth\.uid\(\) AS uid\)/g, "").replace(/\( SELECT private\.is_admin\(\) AS is_admin\)/g, "");
        expect(bare, `${String(policyname)}: ${expression}`).not.toMatch(/uid\(\)|is_admin\(\)/);
      }
    }
  });
});

describe("the users.role guard (private.guard_users_role, BEFORE INSERT OR UPDATE OF role)", () => {
  it("is SECURITY INVOKER with an empty search_path, in schema private, and fires on insert and on update of role", async () => {
    expect(await functionInfo("guard_users_role")).toEqual([
      { schema: "private", security_definer: false, config: ['search_path=""'], volatility: "v", returns: "trigger" },
    ]);
    // (users_keep_an_admin, the other trigger on users, is tested in account-administration.test.ts.)
    expect(
      await asSuperuser(
        db,
        "select pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = 'public.users'::regclass and not tgisinternal and tgname = 'users_guard_role'",
      ),
    ).toEqual([
      {
        def: "CREATE TRIGGER users_guard_role BEFORE INSERT OR UPDATE OF role ON public.users FOR EACH ROW EXECUTE FUNCTION private.guard_users_role()",
      },
    ]);
  });

  // The classic policy mistake: a permissive policy that lets every signed-in user do anything with users.
  const withMistakenPolicy = async (body: (tx: Transaction) => Promise<void>) =>
    within(db, null, async (tx) => {
      await tx.query('create policy "oops: signed-in users do anything" on public.users for all to authenticated using (true) with check (true)');
      await body(tx);
    });
  const attempt = (tx: Transaction, sql: string, params: unknown[]) =>
    tx.query(sql, params).then((result): Outcome => ({ ok: true, rows: result.rows as Row[], affected: result.affectedRows ?? 0 }), failure);

  type Statement = [sql: string, params: unknown[]];
  type Mistake = { claims?: Record<string, unknown>; allowed?: Statement; refused: Statement };
  // What the mistaken policy lets an interpreter do (one row), and the role change the guard refuses all the same.
  const MISTAKES: [string, Mistake][] = [
    [
      "an interpreter may edit their own name, but not make themselves admin",
      {
        allowed: ["update public.users set full_name = 'Dan' where id = $1", [INTERPRETER_ID]],
        refused: ["update public.users set role = 'admin' where id = $1", [INTERPRETER_ID]],
      },
    ],
    [
      "an interpreter cannot demote the admin either",
      {
        // The mistake makes the admin's row visible and updatable: only the guard stands in the way.
        allowed: ["update public.users set phone = '0' where id = $1", [ADMIN_ID]],
        refused: ["update public.users set role = 'interpreter' where id = $1", [ADMIN_ID]],
      },
    ],
    [
      "an interpreter cannot insert a new admin row",
      { refused: ["insert into public.users (id, full_name, email, role) values ($1, 'Sock', 'sock@push.test', 'admin')", [NEW_ACCOUNT_ID]] },
    ],
    [
      "a token that claims service_role while running as authenticated is still refused",
      {
        claims: { sub: INTERPRETER_ID, role: "service_role" },
        refused: ["update public.users set role = 'admin' where id = $1", [INTERPRETER_ID]],
      },
    ],
  ];

  it.each(MISTAKES)("with a mistaken policy, %s", async (_name, { claims, allowed, refused }) => {
    await withMistakenPolicy(async (tx) => {
      await becomeActor(tx, interpreter, claims);
      if (allowed) expect(await attempt(tx, ...allowed)).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, ...refused)).toEqual(ROLE_GUARD_REFUSAL);
    });
  });

  it("setting the same role again is not a role change (an admin's form may send it unchanged)", async () => {
    await withMistakenPolicy(async (tx) => {
      await becomeActor(tx, interpreter);
      expect(await attempt(tx, "update public.users set role = 'interpreter', full_name = 'Dan' where id = $1", [INTERPRETER_ID])).toEqual(ONE_ROW_AFFECTED);
    });
  });

  it("without the mistake, the same update is simply invisible to the interpreter (0 rows)", async () => {
    expect(await run(db, interpreter, "update public.users set role = 'admin' where id = $1", [INTERPRETER_ID])).toEqual(NO_ROWS_AFFECTED);
  });

  it("lets an admin, the service role and the superuser (migrations, seed.sql) change roles", async () => {
    const promote = "update public.users set role = 'admin' where id = $1";
    expect(await run(db, admin, promote, [INTERPRETER_ID])).toMatchObject({ ok: true, affected: 1 });
    expect(await run(db, serviceRole, promote, [INTERPRETER_ID])).toMatchObject({ ok: true, affected: 1 });
    await within(db, null, async (tx) => {
      expect((await tx.query(promote, [INTERPRETER_ID])).affectedRows).toBe(1);
    });
  });
});
