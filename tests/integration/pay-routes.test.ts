// The pay pages (issue 26, build item 6) against a real D1 with the sample people, called the way React Router calls
// them: the sample interpreter's October (two lines) and the admin's own → the interpreter's My pay lists their own
// statement only, its page shows the lines in words, another month is a 404 → the admins' list by month, the CSV → Mark
// paid at a stale count or amount is a 409 changing nothing, bad input a 400, then paid; a line made afterwards is still
// to pay → an interpreter gets 403 on the admins' pages and their form; an anonymous visitor the sign-in page.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { createD1Backend } from "~/backend/d1/index.server";
import type { NewPayItem } from "~/backend/port-pay.server";
import * as myPay from "~/routes/dashboard/my-pay";
import * as myStatement from "~/routes/dashboard/my-pay-statement";
import * as payPage from "~/routes/dashboard/pay";
import * as payCsv from "~/routes/dashboard/pay-csv";
import * as statementPage from "~/routes/dashboard/pay-statement";
import * as interpretersPage from "~/routes/dashboard/interpreters";
import { asResponse, count, failure, idOf, redirected, rows, seededAndSignedIn, statusOf, thrown } from "./helpers";
import { addressesIn, browser, ORIGIN } from "./requests";
import { sampleComputation } from "../support/rate-line-samples";

const { get, post } = browser({ addresses: addressesIn(193), headers: { Origin: ORIGIN } });
const cookies = seededAndSignedIn();
const backend = () => createD1Backend({ env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
const NOW = Date.UTC(2026, 10, 2, 17);
let interpreterId = "";
let adminId = "";

const item = (source: string, interpreter: string, workDay: string, amountMinor: number): NewPayItem => ({
  ...{ source, interpreterId: interpreter, workDay, currency: "USD", amountMinor, rateLineId: null, computation: sampleComputation },
});
const statementPath = (who: string, month = "2026-10") => `/Dashboard/Pay/${who}/${month}`;
const params = (who: string, month = "2026-10") => ({ params: { interpreterId: who, month } });

beforeAll(async () => {
  interpreterId = await idOf("interpreter@example.com");
  adminId = await idOf("admin@example.com");
  await backend().pay.addItems(
    [
      item("appointment:routes-1", interpreterId, "2026-10-06", 6750),
      item("call:routes-2", interpreterId, "2026-10-20", 100),
      item("order:routes-3", adminId, "2026-10-07", 9000),
    ],
    NOW,
  );
});

describe("the interpreter's pay pages", () => {
  it("My pay lists their own statements only; a statement's page its lines; a month without one is a 404", async () => {
    const page = await myPay.loader(get("/Dashboard/Jobs/Pay", cookies.interpreter));
    expect(
      page.statements.ok && page.statements.value.items.map((row) => [row.interpreterId, row.month, row.itemCount, row.totalMinor, row.paidMinor]),
    ).toEqual([[interpreterId, "2026-10", 2, 6850, 0]]);
    const shown = await myStatement.loader(get("/Dashboard/Jobs/Pay/2026-10", cookies.interpreter, { params: { month: "2026-10" } }));
    expect(shown.statement.items.map((line) => [line.source, line.amountMinor, line.paidAt])).toEqual([
      ["appointment:routes-1", 6750, null],
      ["call:routes-2", 100, null],
    ]);
    for (const month of ["2026-09", "2026-13", "x"])
      expect(statusOf(await thrown(() => myStatement.loader(get(`/Dashboard/Jobs/Pay/${month}`, cookies.interpreter, { params: { month } }))))).toBe(404);
  });
});

describe("the admins' pay pages", () => {
  it("the list, every month or one; a month typed wrong is said and every month shown", async () => {
    const october = await payPage.loader(get("/Dashboard/Pay?month=2026-10", cookies.admin));
    expect(october.statements.ok && october.statements.value.items.map((row) => [row.interpreterId, row.totalMinor]).sort()).toEqual(
      [
        [adminId, 9000],
        [interpreterId, 6850],
      ].sort(),
    );
    expect((await payPage.loader(get("/Dashboard/Pay?month=2026-09", cookies.admin))).statements).toMatchObject({ ok: true, value: { total: 0 } });
    const wrong = await payPage.loader(get("/Dashboard/Pay?month=2026-13", cookies.admin));
    expect([wrong.invalid, wrong.month, wrong.statements.ok && wrong.statements.value.total]).toEqual([true, null, 2]);
  });

  it("the CSV: a row per statement, amounts in units, its state", async () => {
    const response = await payCsv.loader(get("/Dashboard/Pay/export?month=2026-10", cookies.admin));
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="push-pay-2026-10.csv"');
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("month,interpreter,email,lines,currency,total,paid,to_pay,status,last_paid_at");
    expect(lines.find((line) => line.includes("interpreter@example.com"))).toMatch(/^2026-10,.+,interpreter@example\.com,2,USD,68\.50,0\.00,68\.50,unpaid,$/);
  });

  it("Mark paid: bad input 400, a stale count or amount 409, nothing changed; then paid; a line made afterwards is still to pay", async () => {
    const path = statementPath(interpreterId);
    const mark = (fields: Record<string, string>) => statementPage.action(post(path, { intent: "mark-paid", ...fields }, cookies.admin, params(interpreterId)));
    expect(failure(await mark({ itemCount: "two", toPayMinor: "6850" }))).toMatchObject({ status: 400 });
    expect(failure(await mark({ itemCount: "1", toPayMinor: "6850" }))).toMatchObject({ status: 409, formError: expect.stringContaining("changed") });
    expect(failure(await mark({ itemCount: "2", toPayMinor: "6750" }))).toMatchObject({ status: 409 });
    expect(await rows("pay_payouts")).toBe(0);

    expect(await redirected(await mark({ itemCount: "2", toPayMinor: "6850" }))).toEqual({
      location: path,
      toast: expect.objectContaining({ type: "success", message: "Statement marked paid." }),
    });
    expect(failure(await mark({ itemCount: "2", toPayMinor: "6850" }))).toMatchObject({ status: 409, formError: "Nothing is left to pay on this statement." });
    const paid = await statementPage.loader(get(path, cookies.admin, params(interpreterId)));
    expect(paid.statement).toMatchObject({ totalMinor: 6850, paidMinor: 6850 });

    await backend().pay.addItems([item("call:routes-4", interpreterId, "2026-10-30", 1234)], NOW + 1);
    const later = await myStatement.loader(get("/Dashboard/Jobs/Pay/2026-10", cookies.interpreter, { params: { month: "2026-10" } }));
    expect(later.statement).toMatchObject({ itemCount: 3, totalMinor: 8084, paidMinor: 6850 });
    expect(later.statement.items.at(-1)).toMatchObject({ source: "call:routes-4", paidAt: null });
  });

  it("a statement not there is a 404, its page and its form", async () => {
    expect(statusOf(await thrown(() => statementPage.loader(get(statementPath(adminId, "2026-09"), cookies.admin, params(adminId, "2026-09")))))).toBe(404);
    const answer = await thrown(() =>
      statementPage.action(post(statementPath("nobody"), { intent: "mark-paid", itemCount: "1", toPayMinor: "1" }, cookies.admin, params("nobody"))),
    );
    expect(statusOf(answer)).toBe(404);
  });

  it("an interpreter with pay statements is not deleted: 409 with the way to lock them instead, nothing removed", async () => {
    const answer = await interpretersPage.action(post("/Dashboard/Interpreter", { intent: "delete", id: interpreterId }, cookies.admin));
    expect(failure(answer)).toMatchObject({
      status: 409,
      formError: "This person has pay statements, which are kept: lock their account on the Users page instead.",
    });
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE id = ?", interpreterId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM pay_items WHERE interpreter_id = ?", interpreterId)).toBe(3);
  });

  it("an interpreter gets 403 on the admins' pages and their form; an anonymous visitor is sent to sign in", async () => {
    const before = await rows("pay_payouts");
    const path = statementPath(adminId);
    const runs = (cookie?: string) => [
      () => payPage.loader(get("/Dashboard/Pay", cookie)),
      () => payCsv.loader(get("/Dashboard/Pay/export", cookie)),
      () => statementPage.loader(get(path, cookie, params(adminId))),
      () => statementPage.action(post(path, { intent: "mark-paid", itemCount: "1", toPayMinor: "9000" }, cookie, params(adminId))),
    ];
    for (const run of runs(cookies.interpreter)) expect(await thrown(run)).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
    for (const run of runs()) expect(asResponse(await thrown(run)).status).toBe(302);
    const anonymous = asResponse(await thrown(() => myPay.loader(get("/Dashboard/Jobs/Pay"))));
    expect(anonymous.headers.get("Location")).toBe(`/Login?redirectTo=${encodeURIComponent("/Dashboard/Jobs/Pay")}`);
    expect(await rows("pay_payouts")).toBe(before);
    expect(await count("SELECT COUNT(*) AS n FROM security_events WHERE kind = 'forbidden' AND detail LIKE '% /Dashboard/Pay%'")).toBe(4);
  });
});
