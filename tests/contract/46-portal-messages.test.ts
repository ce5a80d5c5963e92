// The customer portal's messages on Supabase (issue 27; supabase/migrations/20261205001700_push_portal_messages.sql),
// through /Account's loader against the double: a requester of Clinic A signs in; the Messages panel is ONE call of
// push_portal_messages with the service-role key and Clinic A's organisation id, and answers Clinic A's proven orders'
// messages only — PUSH's without the staff member's name or id, never Firm B's, never an unproven order's. The same
// SQL on Postgres: tests/rls/customer-portal.test.ts; the same read on both adapters: tests/port-contract/portal-suite.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "~/platform/core/hash.server";
import * as home from "~/routes/account/home";
import { ADMIN, backendFor, double, idOf, signIn, step, who } from "./helpers";
import { routeArgs } from "./route-helpers";

const NOW = Date.UTC(2034, 4, 2, 16);
type Orders = { proven: number; unproven: number };
let clinic: Orders;
let firm: Orders;
let admin = "";
let cookie = "";

/** A requester of `organisation` (the double's fixture), a proven and an unproven order, and their messages. */
async function requesterWithThread(organisation: string, email: string, name: string, n: number): Promise<Orders> {
  await double.people([{ full_name: name, email, password: "Requester-Pass-1", requesterOf: { organisation } }]);
  const backend = backendFor();
  const [service] = await backend.content.services();
  const languages = await backend.languages.list();
  const create = async (requester: string, k: number) => {
    const made = await backend.orders.create(
      {
        customer: { name: requester, email, phone: "", company: organisation },
        ...{ serviceId: service!.id, sourceLanguageId: languages[0]!.id, targetLanguageIds: [languages[1]!.id], deadline: "2034-05-20" },
        ...{ details: "Letters", locale: "en", tokenHash: await sha256Hex(`order ${n}.${k}`), tokenSealed: "sealed", files: [] },
      },
      NOW - 86_400_000,
    );
    if (!made.ok) throw new Error(made.reason);
    return made.id;
  };
  const proven = await create(name, 1);
  await backend.orders.verifyIdentity(proven, NOW - 86_400_000);
  const unproven = await create(`${name} Stranger`, 2);
  await backend.orders.addMessage(proven, { author: "customer", authorId: null, body: `Can ${organisation} have it by Friday?` }, NOW);
  await backend.orders.addMessage(proven, { author: "staff", authorId: admin, body: `Yes, ${organisation}, by Friday noon.` }, NOW + 1_000);
  await backend.orders.addMessage(unproven, { author: "customer", authorId: null, body: `Not proven yet, ${organisation}` }, NOW + 2_000);
  return { proven, unproven };
}

beforeAll(async () => {
  await double.reset();
  admin = await idOf(ADMIN);
  clinic = await requesterWithThread("Clinic A", "rana@clinic-a.example", "Rana Reception", 1);
  firm = await requesterWithThread("Firm B", "omar@firm-b.example", "Omar Office", 2);
  cookie = (await signIn("rana@clinic-a.example", "Requester-Pass-1")).cookie;
});

describe("/Account's messages on Supabase", () => {
  it("one call with the service-role key; Clinic A's proven order's messages, newest first, PUSH's with no staff name or id", async () => {
    const shown = await step(() => home.loader(routeArgs("/Account", cookie).args));
    expect(who(shown.requests).filter((line) => line.startsWith("rpc.push_portal_messages"))).toEqual(["rpc.push_portal_messages service"]);
    expect(shown.result.messages).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(shown.result.messages.items.map(({ orderId, author, customerName, body }) => ({ orderId, author, customerName, body }))).toEqual([
      { orderId: clinic.proven, author: "staff", customerName: "", body: "Yes, Clinic A, by Friday noon." },
      { orderId: clinic.proven, author: "customer", customerName: "Rana Reception", body: "Can Clinic A have it by Friday?" },
    ]);
    expect(JSON.stringify(shown.result.messages)).not.toContain(admin);
  });

  it("a search finds Clinic A's by words or order number, and nothing of Firm B's or of an unproven order", async () => {
    const bodies = async (search: string) =>
      (await home.loader(routeArgs(`/Account?messages=${encodeURIComponent(search)}`, cookie).args)).messages.items.map((item) => item.body);
    expect(await bodies("friday NOON")).toEqual(["Yes, Clinic A, by Friday noon."]);
    expect(await bodies(`PUSH-${clinic.proven}`)).toHaveLength(2);
    expect(await bodies("Firm B")).toEqual([]);
    expect(await bodies(`PUSH-${firm.proven}`)).toEqual([]);
    // The unproven order's message is in the table, with Clinic A's customer; the function leaves it out.
    expect((await double.table<{ order_id: number }>("order_messages")).filter((row) => row.order_id === clinic.unproven)).toHaveLength(1);
    expect(await bodies("Not proven")).toEqual([]);
  });
});
