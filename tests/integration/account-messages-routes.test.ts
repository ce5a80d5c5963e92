// /Account's Messages panel (issue 27) against a real D1, called as React Router calls it: a requester of Clinic A sees
// the messages of Clinic A's proven orders, newest first, ten to a page, PUSH's without the staff member's name, and
// never Firm B's — not listed, not found by its words or its order number. The 10.160.x.x addresses are this file's.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { createD1Backend } from "~/backend/d1/index.server";
import { PORTAL_PAGE_SIZE } from "~/backend/port-portal.server";
import { MESSAGE_CLIP } from "~/domain/portal";
import * as home from "~/routes/account/home";
import { ADMIN } from "./auth-helpers";
import { cookieOf, seed } from "./helpers";
import { NOW } from "./issued-invoice";
import { organisationWithWork, provenOrder, type OrganisationWork } from "./portal-fixture";
import { addressesIn, browser, ORIGIN } from "./requests";

const { get } = browser({ addresses: addressesIn(160) });
const backend = () => createD1Backend({ env, request: new Request(`${ORIGIN}/`), sessionSecret: env.SESSION_SECRET });
const MINUTE = 60_000;
const LONG = `Please also translate the attached discharge summary ${"and the medication list ".repeat(10)}before Friday.`;
let clinic: OrganisationWork;
let firm: OrganisationWork;
let clinicCookie = "";
let adminName = "";

beforeAll(async () => {
  await seed();
  clinic = await organisationWithWork("Clinic A", "rana@clinic-a.example", "Rana Reception");
  firm = await organisationWithWork("Firm B", "omar@firm-b.example", "Omar Office");
  clinicCookie = await cookieOf(clinic.requester.email, clinic.requester.password);
  const admin = (await env.DB.prepare("SELECT id, full_name FROM users WHERE email = ?").bind(ADMIN).first<{ id: string; full_name: string }>())!;
  adminName = admin.full_name;
  const say = (id: number, author: "customer" | "staff", body: string, at: number) =>
    backend().orders.addMessage(id, { author, authorId: author === "staff" ? admin.id : null, body }, at);
  // Eleven of Clinic A's (two pages), the newest PUSH's reply; one of Firm B's; one on an unproven order of Clinic A's address.
  for (let n = 1; n <= 10; n++) await say(clinic.orderId, "customer", `Clinic question ${n}`, NOW + n * MINUTE);
  await say(clinic.orderId, "customer", LONG, NOW + 11 * MINUTE);
  await say(clinic.orderId, "staff", "Yes, we can do it by Friday.", NOW + 12 * MINUTE);
  await say(firm.orderId, "customer", "Firm confidential merger terms", NOW + 13 * MINUTE);
  const unproven = await provenOrder(clinic.requester.email, "Someone Else");
  await env.DB.prepare("UPDATE orders SET identity_verified_at = NULL WHERE id = ?").bind(unproven.id).run();
  await say(unproven.id, "customer", "Unproven order words", NOW + 14 * MINUTE);
});

describe("/Account's messages", () => {
  it("lists Clinic A's messages newest first, PUSH's as PUSH (no staff name), and none of Firm B's or an unproven order's", async () => {
    const page = await home.loader(get("/Account", clinicCookie));
    expect(page.messages).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    expect(page.messages.items).toHaveLength(PORTAL_PAGE_SIZE);
    expect(page.messages.items[0]).toMatchObject({ orderId: clinic.orderId, author: "staff", customerName: "", body: "Yes, we can do it by Friday." });
    expect(page.messages.items[1]).toMatchObject({ author: "customer", customerName: "Rana Reception" });
    const everything = JSON.stringify(page.messages);
    for (const hidden of [adminName, "Firm confidential", "Omar Office", "Unproven order words"]) expect(everything).not.toContain(hidden);
  });

  it("clips a long message to about a line and a half; the order's page keeps the whole", async () => {
    const { body } = (await home.loader(get("/Account", clinicCookie))).messages.items[1]!;
    expect(body.endsWith("…")).toBe(true);
    expect([...body].length).toBeLessThanOrEqual(MESSAGE_CLIP + 1);
    expect(LONG.startsWith(body.slice(0, -1))).toBe(true);
  });

  it("pages on its own parameter, keeping the orders' page where it was", async () => {
    const second = await home.loader(get("/Account?messagesPage=2", clinicCookie));
    expect(second.messages).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.messages.items.map((item) => item.body)).toEqual(["Clinic question 2", "Clinic question 1"]);
    expect(second.orders.page).toBe(1);
  });

  it("searches any part of the body in any case, or the order number; never finds Firm B's", async () => {
    const search = async (words: string) => (await home.loader(get(`/Account?messages=${encodeURIComponent(words)}`, clinicCookie))).messages;
    expect((await search("CLINIC QUESTION 1")).items.map((item) => item.body)).toEqual(["Clinic question 10", "Clinic question 1"]);
    expect((await search(`PUSH-${clinic.orderId}`)).total).toBe(12);
    expect((await search("merger terms")).total).toBe(0);
    expect((await search(`PUSH-${firm.orderId}`)).total).toBe(0);
    const noMatch = await home.loader(get("/Account?messages=nothing%20like%20this&orders=Rana", clinicCookie));
    expect(noMatch.messages.total).toBe(0);
    expect(noMatch.query).toMatchObject({ messages: { search: "nothing like this", page: 1 }, orders: { search: "Rana" } });
  });
});
