// Sending an issued invoice on the Supabase adapter (issue 26, build items 3-4; supabase/migrations/
// 20261205000000_push_invoice_links.sql), against the double. The adapter: sending, reading an invoice, finding it by
// its link, listing and reading its e-mails are one service-role request each, and a refused sending stores nothing.
// The staff's "Send" through its route: the guard, the reads, then one call; the stored e-mail holds the link's slot,
// never a token; a bad language, a draft and an interpreter are refused before anything is written. The customer's
// page by the token e-mailed: one call for the invoice, then its customer and the company; anything else a 404.
import { beforeAll, describe, expect, it } from "vitest";
import * as invoicePage from "~/routes/dashboard/invoice";
import * as customerPage from "~/routes/public/invoice";
import { withInvoiceLinks } from "~/features/billing/invoice-sending.server";
import { newStatusToken, unsealStatusToken } from "~/features/orders/status-token.server";
import { readConfig } from "~/platform/core/config.server";
import { readFlashToast } from "~/request/toast.server";
import { ADMIN, INTERPRETER, ORIGIN, backendFor, bindings, double, languageIdOf, signIn, step, who, bookedCustomer } from "./helpers";
import { acted, answerOf, form, refusedStatus, routeArgs } from "./route-helpers";
import { sampleComputation } from "../support/rate-line-samples";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const DENIED = "rest.security_events.record service";
/** What the action reads before it sends: the invoice (the route's 404), again (the intent's), and its customer. */
const READS = ["rpc.push_invoice service", "rpc.push_invoice service", "rpc.push_get_customer service"];
/** The relay after the response: the invoice's e-mails, then the one due left waiting (no mail provider here). */
const RELAY = ["rest.mail_outbox.settle-abandoned service", "rest.mail_outbox.for-invoice service", "rest.mail_outbox.mark-waiting service"];
const EMAIL = "accounts.sending@example.com";
const NOW = Date.UTC(2026, 11, 8, 17) + 123;
const year = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver", year: "numeric" }).format(new Date());
const NUMBER = `PUSH-${year}-0001`;
const invoices = () => backendFor().invoices;

let admin = "";
let interpreter = "";
let customerId = 0;
/** Issued invoices: the one the route sends, the one the adapter's tests send; and a draft. */
let routed = 0;
let adapted = 0;
let draft = 0;

type LinkRow = { invoice_id: number; token_hash: string; token_sealed: string; locale: string; sends: number };
type MailRow = { id: number; kind: string; to_email: string; subject: string; body: string; invoice_id: number | null; status: string };
const links = () => double.table<LinkRow>("invoice_links");
const mails = async () => (await double.table<MailRow>("mail_outbox")).filter((mail) => mail.invoice_id !== null);

const sending = (by = ADMIN) => ({
  link: { hash: "e".repeat(64), sealed: "sealed-e" },
  locale: "en" as const,
  mail: { kind: "invoice" as const, to: EMAIL, subject: "Invoice", body: "{invoice-link-token}" },
  by,
});

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  interpreter = (await signIn(INTERPRETER)).cookie;
  const spanish = await languageIdOf("Spanish");
  const startsAt = Date.UTC(2026, 9, 6, 16);
  customerId = await bookedCustomer({ name: "Harbor Dental", email: EMAIL, organisation: "Harbor Dental" }, spanish, startsAt, "c".repeat(64));
  const item = (source: string, workDay: string) => ({
    source,
    customerId,
    workDay,
    currency: "USD",
    amountMinor: 14625,
    rateLineId: null,
    languageId: null,
    computation: sampleComputation,
  });
  const months = ["10", "11", "12"];
  await invoices().addItems(
    months.map((month) => item(`appointment:contract-32-${month}`, `2026-${month}-06`)),
    NOW,
  );
  const ids: number[] = [];
  for (const month of months) {
    const made = await invoices().createDraft({ customerId, currency: "USD", from: `2026-${month}-01`, to: `2026-${month}-28`, by: ADMIN }, NOW);
    if (!made.ok) throw new Error(made.reason);
    ids.push(made.id);
  }
  [routed, draft, adapted] = ids as [number, number, number];
  // October's is the year's first number (the route sends it); December's the second (the adapter's); November's a draft.
  for (const [id, expected] of [
    [routed, NUMBER],
    [adapted, `PUSH-${year}-0002`],
  ] as const) {
    const number = await invoices().issue(id, { basedOn: 1, taxBasisPoints: 0, year: Number(year), by: ADMIN }, NOW);
    if (!number.ok || number.number !== expected) throw new Error(JSON.stringify(number));
  }
});

describe("the adapter: one service-role request each", () => {
  it("a refused sending (no such invoice, a draft) is one call and stores nothing: no link, no e-mail", async () => {
    for (const [id, reason] of [
      [999_999, "not-found"],
      [draft, "draft"],
    ] as const) {
      const refused = await step(() => invoices().send(id, sending(), NOW));
      expect([refused.result, who(refused.requests)]).toEqual([{ ok: false, reason }, ["rpc.push_send_invoice service"]]);
    }
    expect(await links()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it("send, get, byLink, list and forInvoice: one call each; the invoice carries its link and the list its first sending", async () => {
    const sent = await step(() => invoices().send(adapted, sending(), NOW));
    expect([sent.result, who(sent.requests)]).toEqual([{ ok: true }, ["rpc.push_send_invoice service"]]);

    const read = await step(() => invoices().get(adapted));
    expect(who(read.requests)).toEqual(["rpc.push_invoice service"]);
    expect(read.result!.link).toEqual({ sealed: "sealed-e", locale: "en", sentAt: NOW, sends: 1 });

    const found = await step(() => invoices().byLink("e".repeat(64)));
    expect(who(found.requests)).toEqual(["rpc.push_invoice_by_link service"]);
    expect(found.result).toEqual(read.result);
    const unknown = await step(() => invoices().byLink("0".repeat(64)));
    expect([unknown.result, who(unknown.requests)]).toEqual([null, ["rpc.push_invoice_by_link service"]]);

    const listed = await step(() => invoices().list(1));
    expect(who(listed.requests)).toEqual(["rpc.push_invoices_page service"]);
    expect(listed.result.items.map(({ id, sentAt }) => [id, sentAt])).toEqual([
      [adapted, NOW],
      [draft, null],
      [routed, null],
    ]);

    const outbox = await step(() => backendFor().mail.forInvoice(adapted));
    expect(who(outbox.requests)).toEqual(["rest.mail_outbox.for-invoice service"]);
    expect(outbox.result).toMatchObject([{ invoiceId: adapted, kind: "invoice", to: EMAIL, subject: "Invoice", status: "pending", createdAt: NOW }]);
    expect((await step(() => backendFor().mail.forInvoice(draft))).result).toEqual([]);
  });
});

describe("Send, through the invoice's page", () => {
  const path = () => `/Dashboard/Invoices/${routed}`;
  const send = (cookie: string, locale: string, id = routed) =>
    routeArgs(`/Dashboard/Invoices/${id}`, cookie, form({ intent: "send", locale }), { invoiceId: String(id) });

  it("a language that is not one: 400 with the field's message, nothing past the route's read", async () => {
    const bad = await acted(invoicePage.action, send(admin, "fr"));
    expect(answerOf(bad.result)).toEqual({ status: 400, formError: null, errors: { locale: "Choose the customer's language." } });
    expect(who(bad.requests)).toEqual([...GUARD, "rpc.push_invoice service"]);
    expect((await links()).map((link) => link.invoice_id)).toEqual([adapted]);
  });

  it("a draft: 409 after the reads, nothing sent", async () => {
    const refused = await acted(invoicePage.action, send(admin, "en", draft));
    expect(answerOf(refused.result)).toEqual({ status: 409, formError: "Only an issued invoice is sent.", errors: {} });
    expect(who(refused.requests)).toEqual([...GUARD, ...READS]);
    expect((await links()).map((link) => link.invoice_id)).toEqual([adapted]);
    expect(await backendFor().mail.forInvoice(draft)).toEqual([]);
  });

  it("an admin's sending: back to the invoice with the toast, one call after the reads; the e-mail holds the link's slot", async () => {
    const sent = await acted(invoicePage.action, send(admin, "en"));
    expect(answerOf(sent.result)).toEqual({ status: 302, location: path() });
    const cookie = (sent.result as Response).headers.get("Set-Cookie")!.split(";")[0]!;
    const flash = await readFlashToast(new Request(`${ORIGIN}${path()}`, { headers: { Cookie: cookie } }), readConfig(bindings));
    expect(flash.toast).toMatchObject({ type: "success", message: `The invoice was sent to ${EMAIL}.` });
    expect(who(sent.requests)).toEqual([
      ...GUARD,
      ...READS,
      "rpc.push_send_invoice service",
      // The relay right after the response: the invoice's e-mail, left waiting (no mail provider is configured here).
      ...RELAY,
    ]);

    const [link] = (await links()).filter((row) => row.invoice_id === routed);
    expect(link).toMatchObject({ locale: "en", sends: 1 });
    const token = await unsealStatusToken(link!.token_sealed, bindings.SESSION_SECRET);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = (await mails()).filter((row) => row.invoice_id === routed);
    expect(mail).toMatchObject({ kind: "invoice", to_email: EMAIL, subject: `Invoice ${NUMBER} from PUSH`, status: "pending" });
    expect(mail!.body).toContain(`${ORIGIN}/Invoice/{invoice-link-token}`);
    expect(mail!.body).not.toContain(token);
  });

  it("the page then reads the invoice, its customer and its e-mails (never their bodies)", async () => {
    const shown = await step(() => invoicePage.loader(routeArgs(path(), admin, {}, { invoiceId: String(routed) }).args));
    expect(who(shown.requests).slice(0, 4)).toEqual([...GUARD, "rpc.push_invoice service"]);
    expect(who(shown.requests).slice(4).sort()).toEqual(["rest.mail_outbox.for-invoice service", "rpc.push_get_customer service"]);
    expect(shown.result.invoice.link).toMatchObject({ locale: "en", sends: 1 });
    expect(shown.result.mails).toEqual([
      { id: expect.any(Number), to: EMAIL, subject: `Invoice ${NUMBER} from PUSH`, status: "pending", createdAt: expect.any(Number) },
    ]);
  });

  it("an interpreter gets 403, and only the security log is written", async () => {
    const refused = await step(() => refusedStatus(() => invoicePage.action(send(interpreter, "en").args)));
    expect(refused.result).toBe(403);
    expect(who(refused.requests)).toEqual([...GUARD, DENIED]);
  });
});

describe("the customer's page, /Invoice/<token>", () => {
  const open = (path: string, token: string) => step(() => customerPage.loader(routeArgs(path, "", {}, { token }).args));
  const emailed = async () => {
    const [link] = (await links()).filter((row) => row.invoice_id === routed);
    return (await unsealStatusToken(link!.token_sealed, bindings.SESSION_SECRET))!;
  };

  it("the token e-mailed: the invoice's document, after one call for it, then its customer and the company", async () => {
    const token = await emailed();
    const shown = await open(`/Invoice/${token}`, token);
    expect(who(shown.requests)[0]).toBe("rpc.push_invoice_by_link service");
    expect(who(shown.requests).slice(1).sort()).toEqual(["rest.company.read anon", "rpc.push_get_customer service"]);
    const { document } = shown.result;
    expect(document.title).toBe(`Invoice ${NUMBER}`);
    expect(document.facts).toContainEqual(expect.objectContaining({ value: `Harbor Dental (${EMAIL})` }));
    expect(document.totals.at(-1)).toEqual({ label: "Total", value: "$146.25" });
  });

  it("the relay fills the mail's slot with that token as it leaves (one read of the invoice), and the link opens the page", async () => {
    const [mail] = await backendFor().mail.forInvoice(routed);
    const fill = withInvoiceLinks(invoices(), bindings.SESSION_SECRET, () => Promise.reject(new Error("not an invoice's mail")));
    const filled = await step(() => fill(mail!));
    expect(who(filled.requests)).toEqual(["rpc.push_invoice service"]);
    const token = await emailed();
    expect(filled.result).not.toContain("{invoice-link-token}");
    expect(filled.result).toContain(`${ORIGIN}/Invoice/${token}`);
    const path = new URL(/http\S+\/Invoice\/\S+/.exec(filled.result)![0]).pathname;
    const shown = await open(path, path.split("/").at(-1)!);
    expect(shown.result.document.title).toBe(`Invoice ${NUMBER}`);
  });

  it("in Arabic at /ar/Invoice/<token>", async () => {
    const token = await emailed();
    const shown = await open(`/ar/Invoice/${token}`, token);
    expect(shown.result.document.title.startsWith("الفاتورة")).toBe(true);
    expect(shown.result.document.locale).toBe("ar");
  });

  it("a malformed token is a 404 without a request; a well-formed unknown one after one call", async () => {
    for (const token of ["not-a-token", `${await emailed()}x`, ""]) {
      const refused = await step(() => refusedStatus(() => customerPage.loader(routeArgs(`/Invoice/${token}`, "", {}, { token }).args)));
      expect([refused.result, refused.requests], token).toEqual([404, []]);
    }
    const { token } = await newStatusToken();
    const unknown = await step(() => refusedStatus(() => customerPage.loader(routeArgs(`/Invoice/${token}`, "", {}, { token }).args)));
    expect([unknown.result, who(unknown.requests)]).toEqual([404, ["rpc.push_invoice_by_link service"]]);
  });
});
