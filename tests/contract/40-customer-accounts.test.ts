// Customer accounts on Supabase (issue 27; supabase/migrations/20261205001100_push_customer_account_functions.sql),
// through the adapter against the double: each read and change is one call of a function with the service-role key;
// a requester's account is made and removed with Supabase Auth's admin API; only an invitation token's SHA-256 is
// stored; a failure to use the invitation after the account was made leaves no account behind; a link that
// cannot be a token's is answered without a request.
import { beforeEach, describe, expect, it } from "vitest";
import { sha256Hex } from "~/platform/core/hash.server";
import { backendFor, double, step, who } from "./helpers";

const NOW = Date.now();
const DAY = 24 * 3_600_000;
const PASSWORD = "Requester-Pass-1";
const organisations = () => backendFor().organisations;

async function organisation(name: string) {
  const made = await organisations().create(name, NOW);
  if (!made.ok) throw new Error(made.reason);
  return made.id;
}

describe("customer accounts (issue 27)", () => {
  beforeEach(async () => {
    await double.reset();
  });

  it("organisations: made, refused for a taken name, paged and read — one service-role call each", async () => {
    const made = await step(() => organisations().create("Clinic A", NOW));
    expect([made.result, who(made.requests)]).toEqual([{ ok: true, id: expect.any(Number) }, ["rpc.push_create_organisation service"]]);
    expect(await organisations().create("clinic a", NOW)).toEqual({ ok: false, reason: "name-taken" });
    const page = await step(() => organisations().list({ search: "clinic", page: 1 }));
    expect([page.result, who(page.requests)]).toEqual([
      { items: [{ id: expect.any(Number), name: "Clinic A", customers: 0, people: 0 }], total: 1, page: 1, pageCount: 1 },
      ["rpc.push_organisations_page service"],
    ]);
    const id = made.result.ok ? made.result.id : 0;
    const read = await step(() => organisations().get(id, NOW));
    expect([read.result, who(read.requests)]).toEqual([
      { id, name: "Clinic A", customers: [], people: [], invitations: [] },
      ["rpc.push_organisation service"],
    ]);
    expect((await step(() => organisations().get(-1, NOW))).requests).toEqual([]);
  });

  it("a customer joins by e-mail (one call); unknown e-mail is a reason", async () => {
    const id = await organisation("Clinic A");
    await double.people([{ full_name: "Walk In", email: "walk@in.example", password: PASSWORD, requesterOf: { organisation: "Other" } }]);
    const joined = await step(() => organisations().addCustomer(id, "Walk@In.example"));
    expect([joined.result, who(joined.requests)]).toEqual([{ ok: true, name: "Walk In" }, ["rpc.push_organisation_add_customer service"]]);
    const [customer] = await double.table<{ email: string; organisation_id: number }>("customers");
    expect(customer).toMatchObject({ email: "walk@in.example", organisation_id: id });
    expect(await organisations().addCustomer(id, "nobody@in.example")).toEqual({ ok: false, reason: "no-customer" });
  });

  it("an invitation keeps only its token's hash, is read while open, and is used once: the account, the person, the customer", async () => {
    const id = await organisation("Clinic A");
    const issued = await step(() =>
      organisations().invite({ organisationId: id, email: "Nour@Clinic.example", fullName: "Nour Haddad", isAdmin: true, by: "admin@example.com", now: NOW }),
    );
    expect(who(issued.requests)).toEqual(["rpc.push_invite_customer_person service"]);
    const token = issued.result!.token;
    const [stored] = await double.table<Record<string, unknown>>("customer_invitations");
    expect(stored).toMatchObject({ token_hash: await sha256Hex(token), email: "nour@clinic.example", is_admin: true, used_at: null });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Date.parse(String(stored!.expires_at)) - Date.parse(String(stored!.created_at))).toBe(7 * DAY);

    const now = Date.now();
    const shown = await step(() => organisations().invitationOf(token, now));
    expect([shown.result, who(shown.requests)]).toEqual([
      { organisationName: "Clinic A", email: "nour@clinic.example", fullName: "Nour Haddad" },
      ["rpc.push_customer_invitation service"],
    ]);
    expect((await step(() => organisations().invitationOf("../not a token", now))).requests).toEqual([]);
    expect(await organisations().invitationOf(token, NOW + 8 * DAY)).toBeNull();

    const accepted = await step(() => organisations().accept({ token, password: PASSWORD, now }));
    expect(accepted.result).toEqual({ ok: true, accountId: expect.any(String), email: "nour@clinic.example" });
    expect(who(accepted.requests)).toEqual([
      "rpc.push_customer_invitation service",
      "auth.admin.create-user service",
      "rpc.push_accept_customer_invitation service",
    ]);
    expect(await double.table("customer_people")).toMatchObject([{ organisation_id: id, full_name: "Nour Haddad", is_admin: true }]);
    expect(await double.table("customers")).toMatchObject([{ email: "nour@clinic.example", organisation_id: id }]);
    expect(await organisations().accept({ token, password: PASSWORD, now: now + 1 })).toEqual({ ok: false, reason: "invalid" });

    const people = await step(() => organisations().people(id));
    expect([people.result, who(people.requests)]).toEqual([
      [{ accountId: expect.any(String), fullName: "Nour Haddad", email: "nour@clinic.example", isAdmin: true }],
      ["rpc.push_organisation_people service"],
    ]);
  });

  it("when using the invitation fails after the account was made, the account is deleted again and the link still opens", async () => {
    const id = await organisation("Clinic A");
    const { token } = (await organisations().invite({
      organisationId: id,
      email: "late@clinic.example",
      fullName: "Late",
      isAdmin: false,
      by: "a",
      now: NOW,
    }))!;
    await double.fault("rpc.push_accept_customer_invitation");
    const before = await double.lastSeq();
    await expect(organisations().accept({ token, password: PASSWORD, now: Date.now() })).rejects.toThrow();
    expect(who(await double.requests(before))).toContain("auth.admin.delete-user service");
    expect(await double.table("customer_people")).toEqual([]);
    expect((await backendFor().auth.signIn({ email: "late@clinic.example", password: PASSWORD })).ok).toBe(false);
    expect(await organisations().accept({ token, password: PASSWORD, now: Date.now() })).toMatchObject({ ok: true });
  });

  it("an e-mail that already signs in: accepting says so, with no account made", async () => {
    const id = await organisation("Clinic A");
    await double.people([{ full_name: "Has One", email: "has@one.example", password: PASSWORD, requesterOf: { organisation: "Firm B" } }]);
    const { token } = (await organisations().invite({ organisationId: id, email: "has@one.example", fullName: "Has One", isAdmin: false, by: "a", now: NOW }))!;
    expect(await organisations().accept({ token, password: "Another-Pass-2", now: Date.now() })).toEqual({ ok: false, reason: "account-exists" });
    expect(await organisations().invitationOf(token, Date.now())).not.toBeNull();
  });

  it("a person is removed through their own organisation only: their account is deleted", async () => {
    const [clinic, firm] = [await organisation("Clinic A"), await organisation("Firm B")];
    const { token } = (await organisations().invite({
      organisationId: clinic,
      email: "go@clinic.example",
      fullName: "Go",
      isAdmin: false,
      by: "a",
      now: NOW,
    }))!;
    const accepted = await organisations().accept({ token, password: PASSWORD, now: Date.now() });
    if (!accepted.ok) throw new Error(accepted.reason);
    const refused = await step(() => organisations().removePerson(firm, accepted.accountId));
    expect([refused.result, who(refused.requests)]).toEqual([{ ok: false, reason: "not-found" }, ["rpc.push_organisation_people service"]]);
    const removed = await step(() => organisations().removePerson(clinic, accepted.accountId));
    expect([removed.result, who(removed.requests)]).toEqual([
      { ok: true, fullName: "Go", email: "go@clinic.example" },
      ["rpc.push_organisation_people service", "auth.admin.delete-user service"],
    ]);
    expect(await double.table("customer_people")).toEqual([]);
    expect((await backendFor().auth.signIn({ email: "go@clinic.example", password: PASSWORD })).ok).toBe(false);
  });
});
