// Interpreters' pay statements on the Supabase adapter (issue 26, build item 6;
// supabase/migrations/20261205000600_push_pay_statements.sql), against the double: each read and the marking paid is one
// service-role call after the guard; an interpreter's pages ask for their own statements only (the signed-in user's
// id, never one from the address); "Mark paid" at a statement that changed since is a 409 that changes nothing, then
// marks it paid; the CSV reads the statements a page at a time; an interpreter on the admins' pages gets 403 and only
// the security log is written.
import { beforeAll, describe, expect, it } from "vitest";
import * as myPay from "~/routes/dashboard/my-pay";
import * as myStatement from "~/routes/dashboard/my-pay-statement";
import * as payPage from "~/routes/dashboard/pay";
import * as statementPage from "~/routes/dashboard/pay-statement";
import * as payCsv from "~/routes/dashboard/pay-csv";
import { ADMIN, INTERPRETER, backendFor, double, idOf, signIn, step, who } from "./helpers";
import { acted, answerOf, form, refusedStatus, routeArgs } from "./route-helpers";
import { sampleComputation } from "../support/rate-line-samples";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const DENIED = "rest.security_events.record service";
const LIST = "rpc.push_pay_statements service";
const ONE = "rpc.push_pay_statement service";
const MARK = "rpc.push_mark_pay_statement_paid service";
const NOW = Date.UTC(2026, 10, 30, 17);
const pay = () => backendFor().pay;
let admin = "";
let interpreter = "";
let interpreterId = "";
let adminId = "";

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  interpreter = (await signIn(INTERPRETER)).cookie;
  interpreterId = await idOf(INTERPRETER);
  adminId = await idOf(ADMIN);
  const item = (source: string, interpreter: string, workDay: string, amountMinor: number) => ({
    ...{ source, interpreterId: interpreter, workDay, currency: "USD", amountMinor, rateLineId: null, computation: sampleComputation },
  });
  await pay().addItems(
    [
      item("appointment:contract-38-1", interpreterId, "2026-10-06", 6750),
      item("call:contract-38-2", interpreterId, "2026-10-20", 100),
      item("appointment:contract-38-3", adminId, "2026-10-07", 9000),
    ],
    NOW,
  );
});

describe("interpreters' pay statements, on Supabase", () => {
  it("the adapter: items made once, the work still to pay, a page of statements and one statement: one call each", async () => {
    const again = await step(() =>
      pay().addItems(
        [
          {
            ...{ source: "call:contract-38-2", interpreterId, workDay: "2026-10-20" },
            currency: "USD",
            amountMinor: 1,
            rateLineId: null,
            computation: sampleComputation,
          },
        ],
        NOW,
      ),
    );
    expect([again.result, who(again.requests)]).toEqual([0, ["rpc.push_add_pay_items service"]]);
    const unpaid = await step(() => pay().unpaid(24));
    expect(who(unpaid.requests)).toEqual(["rpc.push_unpaid_work service"]);
    const page = await step(() => pay().statements({ interpreterId: null, month: "2026-10" }, 1));
    expect(who(page.requests)).toEqual([LIST]);
    expect(page.result.items.map((row) => [row.interpreterId, row.itemCount, row.totalMinor, row.paidMinor])).toEqual(
      expect.arrayContaining([
        [interpreterId, 2, 6850, 0],
        [adminId, 1, 9000, 0],
      ]),
    );
    const one = await step(() => pay().statement(interpreterId, "2026-10"));
    expect(who(one.requests)).toEqual([ONE]);
    expect(one.result!.items.map((row) => [row.source, row.amountMinor, row.paidAt])).toEqual([
      ["appointment:contract-38-1", 6750, null],
      ["call:contract-38-2", 100, null],
    ]);
  });

  it("the interpreter's pages: the guard, then their own statements only", async () => {
    const list = await step(() => myPay.loader(routeArgs("/Dashboard/Jobs/Pay", interpreter).args));
    expect(who(list.requests)).toEqual([...GUARD, LIST]);
    const statements = list.result.statements;
    expect(statements.ok && statements.value.items.map((row) => [row.interpreterId, row.month, row.totalMinor])).toEqual([[interpreterId, "2026-10", 6850]]);

    const shown = await step(() => myStatement.loader(routeArgs("/Dashboard/Jobs/Pay/2026-10", interpreter, {}, { month: "2026-10" }).args));
    expect(who(shown.requests)).toEqual([...GUARD, ONE]);
    expect(shown.result.statement).toMatchObject({ interpreterId, itemCount: 2, totalMinor: 6850 });
    const none = await step(() =>
      refusedStatus(() => myStatement.loader(routeArgs("/Dashboard/Jobs/Pay/2026-09", interpreter, {}, { month: "2026-09" }).args)),
    );
    expect(none.result).toBe(404);
  });

  it("the admins' list and CSV: the guard, then the statements", async () => {
    const list = await step(() => payPage.loader(routeArgs("/Dashboard/Pay?month=2026-10", admin).args));
    expect(who(list.requests)).toEqual([...GUARD, LIST]);
    const csv = await step(async () => {
      const response = await payCsv.loader(routeArgs("/Dashboard/Pay/export?month=2026-10", admin).args);
      return { status: response.status, text: await response.text() };
    });
    expect(who(csv.requests)).toEqual([...GUARD, LIST]);
    const lines = csv.result.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("month,interpreter,email,lines,currency,total,paid,to_pay,status,last_paid_at");
    expect(lines.slice(1).find((line) => line.includes(INTERPRETER))).toMatch(/^2026-10,.+,interpreter@example\.com,2,USD,68\.50,0\.00,68\.50,unpaid,$/);
  });

  it("Mark paid: a stale page is a 409 changing nothing; then one call marks it paid", async () => {
    const path = `/Dashboard/Pay/${interpreterId}/2026-10`;
    const params = { interpreterId, month: "2026-10" };
    const stale = await acted(statementPage.action, routeArgs(path, admin, form({ intent: "mark-paid", itemCount: "1", toPayMinor: "6750" }), params));
    expect(answerOf(stale.result)).toMatchObject({ status: 409 });
    expect(who(stale.requests)).toEqual([...GUARD, ONE, MARK]);
    expect((await pay().statement(interpreterId, "2026-10"))!.paidMinor).toBe(0);

    const marked = await acted(statementPage.action, routeArgs(path, admin, form({ intent: "mark-paid", itemCount: "2", toPayMinor: "6850" }), params));
    expect(answerOf(marked.result)).toEqual({ status: 302, location: path });
    expect(who(marked.requests)).toEqual([...GUARD, ONE, MARK]);
    expect(await pay().statement(interpreterId, "2026-10")).toMatchObject({ totalMinor: 6850, paidMinor: 6850 });
  });

  it("an interpreter gets 403 on the admins' pages and action, and only the security log is written", async () => {
    for (const run of [
      () => payPage.loader(routeArgs("/Dashboard/Pay", interpreter).args),
      () => payCsv.loader(routeArgs("/Dashboard/Pay/export", interpreter).args),
      () => statementPage.loader(routeArgs(`/Dashboard/Pay/${adminId}/2026-10`, interpreter, {}, { interpreterId: adminId, month: "2026-10" }).args),
      () =>
        statementPage.action(
          routeArgs(`/Dashboard/Pay/${adminId}/2026-10`, interpreter, form({ intent: "mark-paid", itemCount: "1", toPayMinor: "9000" }), {
            interpreterId: adminId,
            month: "2026-10",
          }).args,
        ),
    ]) {
      const refused = await step(() => refusedStatus(run));
      expect([refused.result, who(refused.requests)]).toEqual([403, [...GUARD, DENIED]]);
    }
    expect((await pay().statement(adminId, "2026-10"))!.paidMinor).toBe(0);
  });
});
