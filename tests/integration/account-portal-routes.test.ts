// The customer portal's pages (issue 27, /Account) against a real D1, called as React Router calls them: a requester of
// Clinic A sees Clinic A's orders, appointments and invoices and none of Firm B's, with each list's search and pages in
// the URL; anonymous visitors are sent to sign in and staff are refused (403). The 10.125.x.x addresses are this file's.
import { beforeAll, describe, expect, it } from "vitest";
import * as home from "~/routes/account/home";
import * as layout from "~/routes/account/layout";
import { ADMIN } from "./auth-helpers";
import { asResponse, cookieOf, redirected, seed, thrown } from "./helpers";
import * as login from "~/routes/auth/login";
import { env } from "cloudflare:test";
import { organisationWithWork, type OrganisationWork } from "./portal-fixture";
import { addressesIn, browser } from "./requests";

const { get, post } = browser({ addresses: addressesIn(125) });
let clinic: OrganisationWork;
let firm: OrganisationWork;
let clinicCookie = "";

beforeAll(async () => {
  await seed();
  clinic = await organisationWithWork("Clinic A", "rana@clinic-a.example", "Rana Reception");
  firm = await organisationWithWork("Firm B", "omar@firm-b.example", "Omar Office");
  clinicCookie = await cookieOf(clinic.requester.email, clinic.requester.password);
});

describe("/Account", () => {
  it("shows the requester's organisation and their name in the shell", async () => {
    expect(await layout.loader(get("/Account", clinicCookie))).toEqual({
      person: { fullName: "Rana Reception", organisationName: "Clinic A", isAdmin: false },
    });
  });

  it("keeps the language shown as the person's: after /ar/Account, signing in lands there; after /Account, back", async () => {
    const { email, password } = firm.requester;
    const stored = async () => (await env.DB.prepare("SELECT locale FROM accounts WHERE email = ?").bind(email).first<{ locale: string }>())?.locale;
    const landing = async () => (await redirected(await login.action(post("/Login", { email, password, redirectTo: "" })))).location;
    expect(await landing()).toBe("/Account");
    await layout.loader(get("/ar/Account", await cookieOf(email, password)));
    expect(await stored()).toBe("ar");
    expect(await landing()).toBe("/ar/Account");
    await layout.loader(get("/Account/Invoices/1", await cookieOf(email, password)));
    expect(await stored()).toBe("en");
    expect(await landing()).toBe("/Account");
  });

  it("lists Clinic A's order, appointment and invoice, with what is open, and none of Firm B's", async () => {
    const page = await home.loader(get("/Account", clinicCookie));
    expect(page.organisationName).toBe("Clinic A");
    expect(page.orders.items.map((order) => order.id)).toEqual([clinic.orderId]);
    expect(page.appointments.items.map((appointment) => appointment.id)).toEqual([clinic.appointmentId]);
    expect(page.invoices.items.map((invoice) => invoice.id)).toEqual([clinic.invoiceId]);
    expect(page.invoices.open).toEqual([{ currency: "USD", openMinor: 18281 }]);
    const everything = JSON.stringify(page);
    expect(everything).not.toContain("Omar Office");
    expect(everything).not.toContain("firm-b.example");
  });

  it("sends a customer only what they are told: the customer's status words, no link secrets", async () => {
    const page = await home.loader(get("/Account", clinicCookie));
    expect(page.appointments.items[0]).toEqual(expect.objectContaining({ status: "requested", contactName: "Valley Clinic" }));
    expect(page.appointments.items[0]).not.toHaveProperty("tokenSealed");
    expect(page.invoices.items[0]).toMatchObject({ state: "issued", totalMinor: 18281, openMinor: 18281 });
  });

  it("searches each list on its own: a Firm B name or number finds nothing for Clinic A", async () => {
    const found = await home.loader(get(`/Account?orders=${clinic.orderId}&appointments=Valley`, clinicCookie));
    expect(found.orders.items.map((order) => order.id)).toEqual([clinic.orderId]);
    expect(found.appointments.items.map((appointment) => appointment.id)).toEqual([clinic.appointmentId]);
    const none = await home.loader(get(`/Account?orders=${firm.orderId}&appointments=A-${firm.appointmentId}`, clinicCookie));
    expect(none.orders.total).toBe(0);
    expect(none.appointments.total).toBe(0);
    const past = await home.loader(get("/Account?when=past", clinicCookie));
    expect(past.query.appointments.when).toBe("past");
    expect(past.appointments.items).toEqual([]);
  });

  it("sends an anonymous visitor to sign in (coming back here) and refuses staff with 403", async () => {
    const admin = await cookieOf(ADMIN);
    for (const loader of [home.loader, layout.loader]) {
      const redirect = asResponse(await thrown(() => loader(get("/ar/Account?orders=x"))));
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("Location")).toBe(`/Login?${new URLSearchParams({ redirectTo: "/ar/Account?orders=x" })}`);
      expect(await thrown(() => loader(get("/Account", admin)))).toMatchObject({ init: { status: 403 } });
    }
  });
});
