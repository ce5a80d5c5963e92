// Joining by a status link through the routes (issue 27, docs/decisions/0042), against a real D1: a visitor's quote
// page offers "Create an account"; posting it e-mails a link to the address on the customer's record (never one from
// the form), with the token sealed in the stored body and only its SHA-256 stored; nothing joins and no account exists
// until that link is opened and a password set; then they are signed in on /Account with their earlier order, and an
// unrelated customer's order is not there. The page's answer is one sentence whatever the address's state; a used
// link is the 404 page; a signed-in requester is not offered the panel. An appointment's page (/Book/<token>) offers the same.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "~/platform/core/hash.server";
import { withInvitationLink } from "~/features/accounts/invitations.server";
import * as join from "~/routes/auth/join";
import * as home from "~/routes/account/home";
import * as quoteStatus from "~/routes/public/quote-status";
import * as book from "~/routes/public/book";
import * as bookStatus from "~/routes/public/book-status";
import * as invoicePage from "~/routes/public/invoice";
import { newStatusToken } from "~/features/orders/status-token.server";
import { d1Backend, issuedInvoice, NOW } from "./issued-invoice";
import { asResponse, cookieOf, count, failure, languageId, postQuoteRequest, redirected, seed, statusOf } from "./helpers";
import { dayFromNow } from "./clock-changes";
import { addressesIn, browser, settled } from "./requests";
import { addRequester } from "./requester-fixture";

const { get, post } = browser({ addresses: addressesIn(142), headers: { Origin: "http://127.0.0.1:8787" } });
const PASSWORD = "Joined-Pass-1";
beforeAll(() => seed());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

type Mail = { kind: "customer-claim"; to_email: string; subject: string; body: string };
const lastMailTo = (email: string) =>
  env.DB.prepare("SELECT kind, to_email, subject, body FROM mail_outbox WHERE to_email = ? AND kind = 'customer-claim' ORDER BY id DESC")
    .bind(email)
    .first<Mail>();

/** "Create an account" on the order's page, with `extra` fields a browser could add; answers the page's answer and the e-mail. */
async function createAccount(token: string, email: string, extra: Record<string, string> = {}, cookie?: string) {
  const args = post(`/Quote/${token}`, { intent: "create-account", ...extra }, cookie, { params: { token } });
  const answer = await settled(quoteStatus.action(args), args);
  const mail = await lastMailTo(email);
  const sent = mail ? await withInvitationLink(mail, env.SESSION_SECRET) : "";
  return { answer, mail, sent, joinToken: /\/Join\/([A-Za-z0-9_-]{43})/.exec(sent)?.[1] ?? null };
}
const statusPage = (token: string, cookie?: string) => quoteStatus.loader(get(`/Quote/${token}`, cookie, { params: { token } }));
const open = (token: string) => join.loader(get(`/Join/${token}`, undefined, { params: { token } }));
const submit = (token: string, fields: Record<string, string> = { password: PASSWORD }) =>
  join.action(post(`/Join/${token}`, fields, undefined, { params: { token } }));

describe("a status-link holder creates an account", () => {
  it("the link goes to the record's address; nothing joins until it is opened; then /Account lists the earlier order and no one else's", async () => {
    const email = `${unique("rana")}@saleh.example`;
    const mine = await postQuoteRequest({ name: "Rana Saleh", email, company: unique("Saleh Legal") });
    const other = await postQuoteRequest({ name: "Omar Other", email: `${unique("omar")}@other.example` });
    expect((await statusPage(mine.token)) as unknown).toMatchObject({ data: { claimable: true } });

    // An address typed into the form is ignored: the e-mail goes to the record's.
    const { answer, mail, sent, joinToken } = await createAccount(mine.token, email, { email: "mallory@evil.example" });
    expect(await redirected(answer)).toMatchObject({
      location: `/Quote/${mine.token}#keep`,
      toast: { type: "success", message: `We sent a link to r•••@saleh.example. Open it to create your account (it works once, for 7 days).` },
    });
    expect(mail).toMatchObject({ kind: "customer-claim", to_email: email, subject: "Create your PUSH account" });
    expect(await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_email = 'mallory@evil.example'")).toBe(0);
    expect(joinToken).not.toBeNull();
    expect(mail!.body).not.toContain(joinToken!);
    expect(sent).toContain(`http://127.0.0.1:8787/Join/${joinToken}`);
    // A rotated secret: the link is replaced by the sentence that asks for a new one.
    const rotated = await withInvitationLink(mail!, `${env.SESSION_SECRET}-rotated`);
    expect(rotated).toContain("(This link no longer works: ask for a new one from your request's page.)");
    expect(rotated).not.toContain("/Join/");
    const customerId = (await env.DB.prepare("SELECT id FROM customers WHERE email = ?").bind(email).first<{ id: number }>())!.id;
    expect(await env.DB.prepare("SELECT token_hash FROM customer_claims WHERE customer_id = ?").bind(customerId).first()).toEqual({
      token_hash: await sha256Hex(joinToken!),
    });

    // Before the link is used: no account, no organisation, the order unproven.
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", email)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM customers WHERE id = ? AND organisation_id IS NOT NULL", customerId)).toBe(0);
    expect(await open(joinToken!)).toEqual({ claim: { email, fullName: "Rana Saleh", inOrganisation: false } });
    expect(failure(await submit(joinToken!, { password: "short" }))).toMatchObject({ status: 400, errors: { password: expect.any(String) } });
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", email)).toBe(0);

    const done = await redirected(await submit(joinToken!));
    expect(done).toMatchObject({ location: "/Account", toast: { type: "success", message: "Your account is ready: here are all your requests." } });
    const page = await home.loader(get("/Account", await cookieOf(email, PASSWORD)));
    expect(page.orders.items.map((order) => order.id)).toEqual([mine.id]);
    expect(page.orders.items.map((order) => order.id)).not.toContain(other.id);
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE id = ? AND identity_verified_at IS NULL", other.id)).toBe(1);
    // The security log: the account made, and the sign-in that came with it.
    const events = await env.DB.prepare("SELECT kind, detail FROM security_events WHERE account = ? ORDER BY id").bind(email).all();
    expect(events.results.slice(0, 2)).toEqual([
      { kind: "account-created", detail: "joined by a status link" },
      { kind: "sign-in", detail: "joined by a status link" },
    ]);

    // Used: the 404 page, its form too; and the page no longer offers the panel to them signed in.
    expect(statusOf(await open(joinToken!))).toBe(404);
    expect(failure(await submit(joinToken!, { password: "Another-Pass-2" }))).toMatchObject({ status: 404 });
    expect((await statusPage(mine.token, await cookieOf(email, PASSWORD))) as unknown).toMatchObject({ data: { claimable: false } });
  });

  it("answers the same sentence for an address in an organisation, whose e-mail says to ask for an invitation", async () => {
    const requester = await addRequester({ organisation: unique("Clinic A"), email: `${unique("nada")}@clinic.example` });
    const { token } = await postQuoteRequest({ name: "Nada", email: requester.email });
    const { answer, mail, joinToken } = await createAccount(token, requester.email);
    expect((await redirected(answer)).toast).toMatchObject({ message: expect.stringMatching(/^We sent a link to n•••@clinic\.example\./) });
    expect(joinToken).toBeNull();
    expect(mail!.body).toContain("ask its administrator, or PUSH, to invite you");
    expect(await count("SELECT COUNT(*) AS n FROM customer_claims k JOIN customers c ON c.id = k.customer_id WHERE c.email = ?", requester.email)).toBe(0);
  });

  it("an unknown status link is the 404 it always was; a token that is not a claim's opens nothing", async () => {
    const args = post(`/Quote/${"A".repeat(43)}`, { intent: "create-account" }, undefined, { params: { token: "A".repeat(43) } });
    expect(statusOf(await quoteStatus.action(args).catch((error: unknown) => error))).toBe(404);
    expect(statusOf(await open("A".repeat(43)))).toBe(404);
    expect(statusOf(await open("x"))).toBe(404);
    expect(failure(await submit("A".repeat(43)))).toMatchObject({ status: 404 });
    expect(
      await count("SELECT COUNT(*) AS n FROM accounts WHERE id NOT IN (SELECT id FROM users) AND id NOT IN (SELECT account_id FROM customer_people)"),
    ).toBe(0);
  });

  it("an appointment's page offers the same, in Arabic: the Arabic e-mail's /ar/Join link, and the join lands on /ar/Account with the appointment", async () => {
    const email = `ana.${unique("x")}@clinic.example`;
    const fields = {
      ...{ language: String(await languageId("Spanish")), mode: "video", setting: "medical", date: dayFromNow(12), time: "10:00", duration: "60" },
      ...{ address: "", callNumber: "", name: "Ana Ruiz", email, phone: "+1 307 555 0100", organisation: "", notes: "", gender: "", consent: "on" },
    };
    const booking = post("/Book", fields);
    const made = asResponse(await settled(book.action(booking), booking));
    const token = /\/Book\/([A-Za-z0-9_-]{43})\?received=1$/.exec(made.headers.get("Location")!)![1]!;
    const args = post(`/ar/Book/${token}`, { intent: "create-account" }, undefined, { params: { token } });
    expect(await redirected(await settled(bookStatus.action(args), args))).toMatchObject({
      location: `/ar/Book/${token}#keep`,
      toast: { message: expect.stringMatching(/^أرسلنا رابطًا إلى a•••@clinic\.example\./) },
    });
    const mail = await lastMailTo(email);
    expect(mail).toMatchObject({ subject: "أنشئ حسابك في PUSH" });
    const joinToken = /\/ar\/Join\/([A-Za-z0-9_-]{43})/.exec(await withInvitationLink(mail!, env.SESSION_SECRET))![1]!;
    const joined = join.action(post(`/ar/Join/${joinToken}`, { password: PASSWORD }, undefined, { params: { token: joinToken } }));
    expect((await redirected(await joined)).location).toBe("/ar/Account");
    const page = await home.loader(get("/Account", await cookieOf(email, PASSWORD)));
    expect(page.organisationName).toBe("Ana Ruiz");
    expect(page.appointments.items).toHaveLength(1);
  });

  it("an invoice's page offers the same (not in print): the join lists the invoice under /Account", async () => {
    const email = `valley.${unique("x")}@clinic.example`;
    const invoiceId = await issuedInvoice(email);
    const link = await newStatusToken();
    const mail = { kind: "invoice" as const, to: email, subject: "Invoice", body: "{invoice-link-token}" };
    const sent = await d1Backend().invoices.send(invoiceId, { link: { hash: link.hash, sealed: "sealed" }, locale: "en", mail, by: "admin" }, NOW);
    if (!sent.ok) throw new Error(sent.reason);
    const token = link.token;
    expect(await invoicePage.loader(get(`/Invoice/${token}`, undefined, { params: { token } }))).toMatchObject({ claimable: true });
    const args = post(`/Invoice/${token}`, { intent: "create-account" }, undefined, { params: { token } });
    expect(await redirected(await settled(invoicePage.action(args), args))).toMatchObject({ location: `/Invoice/${token}#keep` });
    const joinToken = /\/Join\/([A-Za-z0-9_-]{43})/.exec(await withInvitationLink((await lastMailTo(email))!, env.SESSION_SECRET))![1]!;
    expect((await redirected(await submit(joinToken))).location).toBe("/Account");
    const page = await home.loader(get("/Account", await cookieOf(email, PASSWORD)));
    expect(page.invoices.items.map((invoice) => invoice.id)).toEqual([invoiceId]);
  });
});
