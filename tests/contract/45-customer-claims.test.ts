// Joining by a status link on Supabase (issue 27, docs/decisions/0042; supabase/migrations/
// 20261205001600_push_customer_claims.sql), through the adapter against the double: asking, reading and using a claim
// are one service-role call each (the account made with Supabase Auth's admin API in between); only the token's
// SHA-256 is stored; a customer of an organisation or an address that signs in gets no claim; a failure to use the
// claim after the account was made leaves no account behind and the link still opens; a link that cannot be a
// token's is answered without a request.
import { beforeEach, describe, expect, it } from "vitest";
import { sha256Hex } from "~/platform/core/hash.server";
import { backendFor, bookedCustomer, double, languageIdOf, step, who } from "./helpers";

const NOW = Date.now();
const DAY = 24 * 3_600_000;
const PASSWORD = "Claimant-Pass-1";
const claims = () => backendFor().claims;
let hashes = 1;

/** A walk-in customer (an appointment booked by a visitor): their id. */
const customer = async (name: string, email: string, organisation = "") =>
  bookedCustomer({ name, email, organisation }, await languageIdOf("Spanish"), NOW + DAY, (hashes++).toString(16).padStart(64, "0"));

async function claimed(customerId: number) {
  const asked = await claims().request(customerId, NOW);
  if (asked?.outcome !== "link") throw new Error(`no link: ${asked?.outcome}`);
  return asked.token;
}

describe("joining by a status link (issue 27)", () => {
  beforeEach(async () => {
    await double.reset();
  });

  it("a claim keeps only its token's hash, is read while open and used once: the account, an organisation, its admin", async () => {
    const id = await customer("Rana Saleh", "rana@saleh.example", "Saleh Legal");
    const asked = await step(() => claims().request(id, NOW));
    expect(who(asked.requests)).toEqual(["rpc.push_request_customer_claim service"]);
    expect(asked.result).toMatchObject({ outcome: "link", email: "rana@saleh.example", fullName: "Rana Saleh" });
    const token = asked.result?.outcome === "link" ? asked.result.token : "";
    const [stored] = await double.table<Record<string, unknown>>("customer_claims");
    expect(stored).toMatchObject({ token_hash: await sha256Hex(token), customer_id: id, used_at: null });
    expect(Date.parse(String(stored!.expires_at)) - Date.parse(String(stored!.created_at))).toBe(7 * DAY);
    expect(JSON.stringify(await double.table("customer_claims"))).not.toContain(token);

    const now = Date.now();
    const shown = await step(() => claims().claimOf(token, now));
    expect([shown.result, who(shown.requests)]).toEqual([
      { email: "rana@saleh.example", fullName: "Rana Saleh", inOrganisation: false },
      ["rpc.push_customer_claim service"],
    ]);
    expect((await step(() => claims().claimOf("../not a token", now))).requests).toEqual([]);
    expect(await claims().claimOf(token, NOW + 8 * DAY)).toBeNull();
    expect(await double.table("organisations")).toEqual([]);

    const joined = await step(() => claims().join({ token, password: PASSWORD, now }));
    expect(joined.result).toEqual({ ok: true, accountId: expect.any(String), email: "rana@saleh.example", organisationId: expect.any(Number) });
    expect(who(joined.requests)).toEqual(["rpc.push_customer_claim service", "auth.admin.create-user service", "rpc.push_join_by_customer_claim service"]);
    const organisationId = joined.result.ok ? joined.result.organisationId : 0;
    expect(await double.table("organisations")).toMatchObject([{ id: organisationId, name: "Saleh Legal" }]);
    expect(await double.table("customer_people")).toMatchObject([{ organisation_id: organisationId, full_name: "Rana Saleh", is_admin: true }]);
    expect(await double.table("customers")).toMatchObject([{ id, organisation_id: organisationId }]);
    expect(await claims().join({ token, password: PASSWORD, now: now + 1 })).toEqual({ ok: false, reason: "invalid" });
    expect((await backendFor().auth.signIn({ email: "rana@saleh.example", password: PASSWORD })).ok).toBe(true);
  });

  it("when using the claim fails after the account was made, the account is deleted again and the link still opens", async () => {
    const token = await claimed(await customer("Late", "late@walk.example"));
    await double.fault("rpc.push_join_by_customer_claim");
    const before = await double.lastSeq();
    await expect(claims().join({ token, password: PASSWORD, now: Date.now() })).rejects.toThrow();
    expect(who(await double.requests(before))).toContain("auth.admin.delete-user service");
    expect(await double.table("customer_people")).toEqual([]);
    expect(await double.table("organisations")).toEqual([]);
    expect((await backendFor().auth.signIn({ email: "late@walk.example", password: PASSWORD })).ok).toBe(false);
    expect(await claims().join({ token, password: PASSWORD, now: Date.now() })).toMatchObject({ ok: true });
  });

  it("a customer of an organisation and an address that signs in get no claim; an account made since is refused", async () => {
    await double.people([{ full_name: "Has One", email: "has@one.example", password: PASSWORD, requesterOf: { organisation: "Firm B" } }]);
    const [member] = await double.table<{ id: number }>("customers");
    expect(await claims().request(member!.id, NOW)).toEqual({ outcome: "in-organisation", email: "has@one.example", fullName: "Has One" });
    await double.people([{ full_name: "Staff Too", email: "staff@too.example", password: PASSWORD }]);
    const staff = await customer("Staff Too", "staff@too.example");
    expect(await claims().request(staff, NOW)).toEqual({ outcome: "account-exists", email: "staff@too.example", fullName: "Staff Too" });
    expect(await double.table("customer_claims")).toEqual([]);

    const token = await claimed(await customer("Later", "later@walk.example"));
    await double.people([{ full_name: "Later", email: "later@walk.example", password: PASSWORD }]);
    expect(await claims().join({ token, password: "Another-Pass-2", now: Date.now() })).toEqual({ ok: false, reason: "account-exists" });
    expect(await claims().claimOf(token, Date.now())).not.toBeNull();
    expect(await double.table("organisations")).toMatchObject([{ name: "Firm B" }]);
  });
});
