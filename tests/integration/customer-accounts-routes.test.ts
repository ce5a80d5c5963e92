// Customer accounts through the routes (issue 27), against a real D1: staff make an organisation and invite a
// requester; the invitation e-mail waits in the outbox with no working link (only a sealed token the relay opens) and
// only the token's SHA-256 is stored; the link sets a password once, sends them to /Login, and signing in lands on
// /Account; an expired link (under a controlled clock), a used one and an unknown one answer the same page; inviting
// an address that already has an account answers and mails the same; the forms refuse bad input with 400 and store
// nothing; /Account/People is for an organisation's admins, within their own organisation.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "~/platform/core/hash.server";
import { withInvitationLink } from "~/features/accounts/invitations.server";
import { INVITATION_TTL_MS } from "~/domain/organisations";
import * as invitation from "~/routes/auth/invitation";
import * as login from "~/routes/auth/login";
import * as organisation from "~/routes/dashboard/organisation";
import * as organisations from "~/routes/dashboard/organisations";
import * as accountPeople from "~/routes/account/people";
import { count, failure, redirected, seededAndSignedIn, statusOf, thrown } from "./helpers";
import { addressesIn, browser, settled } from "./requests";
import { addRequester } from "./requester-fixture";

const { get, post } = browser({ addresses: addressesIn(120), headers: { Origin: "http://127.0.0.1:8787" } });
const cookies = seededAndSignedIn();
const PASSWORD = "Invited-Pass-1";

afterEach(() => vi.useRealTimers());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

async function newOrganisation(name = unique("Clinic A")) {
  const { location } = await redirected(await organisations.action(post("/Dashboard/Organisations", { intent: "create", name }, cookies.admin)));
  return { id: Number(location!.split("/").pop()), name };
}

/** Staff invite `email` to the organisation; answers the stored mail and the link's token, as the relay sends it. */
async function invite(organisationId: number, email: string, fields: Record<string, string> = {}) {
  const path = `/Dashboard/Organisations/${organisationId}`;
  const args = post(path, { intent: "invite", fullName: "Nour Haddad", email, ...fields }, cookies.admin, {
    params: { organisationId: String(organisationId) },
  });
  const answer = await settled(organisation.action(args), args);
  const mail = await env.DB.prepare("SELECT kind, to_email, subject, body FROM mail_outbox WHERE to_email = ? ORDER BY id DESC")
    .bind(email.toLowerCase())
    .first<{ kind: "customer-invitation"; to_email: string; subject: string; body: string }>();
  const sent = mail ? await withInvitationLink(mail, env.SESSION_SECRET) : "";
  const token = /\/Invitation\/([A-Za-z0-9_-]{43})/.exec(sent)?.[1] ?? null;
  return { answer, mail, sent, token };
}

/** The security log's lines about an address, oldest first, as kind, actor and detail. */
const eventsAbout = async (email: string) =>
  (
    await env.DB.prepare("SELECT kind, actor, detail FROM security_events WHERE account = ? ORDER BY id")
      .bind(email.toLowerCase())
      .all<{ kind: string; actor: string | null; detail: string }>()
  ).results;

const open = (token: string) => invitation.loader(get(`/Invitation/${token}`, undefined, { params: { token } }));
const accept = (token: string, fields: Record<string, string> = { password: PASSWORD }, prefix = "") =>
  invitation.action(post(`${prefix}/Invitation/${token}`, fields, undefined, { params: { token } }));

describe("staff: organisations", () => {
  it("made from the list (a taken name refused with 409, a blank one with 400: nothing stored), listed and searched", async () => {
    const made = await newOrganisation();
    expect(
      failure(await organisations.action(post("/Dashboard/Organisations", { intent: "create", name: made.name.toUpperCase() }, cookies.admin))),
    ).toMatchObject({
      status: 409,
      errors: { name: `An organisation named ${made.name.toUpperCase()} already exists.` },
    });
    const before = await count("SELECT COUNT(*) AS n FROM organisations");
    expect(failure(await organisations.action(post("/Dashboard/Organisations", { intent: "create", name: "   " }, cookies.admin))).status).toBe(400);
    expect(await count("SELECT COUNT(*) AS n FROM organisations")).toBe(before);
    const page = await organisations.loader(get(`/Dashboard/Organisations?q=${encodeURIComponent(made.name)}`, cookies.admin));
    expect(page.organisations).toMatchObject({ ok: true, value: { items: [{ id: made.id, name: made.name, customers: 0, people: 0 }] } });
  });

  it("interpreters and requesters get 403 on the staff pages", async () => {
    const requester = await addRequester({ organisation: "Clinic A", email: `${unique("r")}@clinic.example` });
    const { cookieOf } = await import("./helpers");
    const theirs = await cookieOf(requester.email, requester.password);
    for (const cookie of [cookies.interpreter, theirs]) {
      expect(statusOf(await thrown(() => organisations.loader(get("/Dashboard/Organisations", cookie))))).toBe(403);
      expect(statusOf(await thrown(() => organisations.action(post("/Dashboard/Organisations", { intent: "create", name: "X" }, cookie))))).toBe(403);
    }
  });
});

describe("invitations", () => {
  it("stores only the token's hash; the stored e-mail holds no working link; the link sets a password once and lands on /Account", async () => {
    const clinic = await newOrganisation();
    const email = `${unique("nour")}@clinic.example`;
    const { answer, mail, sent, token } = await invite(clinic.id, email.toUpperCase(), { isAdmin: "on" });
    expect((await redirected(answer)).toast).toMatchObject({ type: "success", message: `An invitation was sent to ${email}.` });
    expect(mail).toMatchObject({ kind: "customer-invitation", subject: `${clinic.name} invited you to PUSH` });
    expect(token).not.toBeNull();
    expect(mail!.body).not.toContain(token!);
    expect(sent).toContain(`http://127.0.0.1:8787/Invitation/${token}`);
    const stored = await env.DB.prepare("SELECT token_hash, is_admin FROM customer_invitations WHERE email = ?")
      .bind(email)
      .first<{ token_hash: string; is_admin: number }>();
    expect(stored).toEqual({ token_hash: await sha256Hex(token!), is_admin: 1 });
    expect(JSON.stringify(await env.DB.prepare("SELECT * FROM customer_invitations").all())).not.toContain(token!);

    expect(await open(token!)).toEqual({ invitation: { organisationName: clinic.name, email, fullName: "Nour Haddad" } });
    expect(failure(await accept(token!, { password: "short" }))).toMatchObject({ status: 400, errors: { password: expect.any(String) } });
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", email)).toBe(0);

    const done = await redirected(await accept(token!));
    expect(done).toMatchObject({ location: "/Login?redirectTo=%2FAccount", toast: { type: "success", message: "Your account is ready. Sign in." } });
    const signedIn = await login.action(post("/Login", { email, password: PASSWORD, redirectTo: "/Account" }));
    expect((signedIn as Response).headers.get("Location")).toBe("/Account");
    // The security log: the invitation (by the admin, naming the organisation), the account made, the sign-in.
    expect(await eventsAbout(email)).toEqual([
      { kind: "invitation-sent", actor: "admin@example.com", detail: clinic.name },
      { kind: "account-created", actor: email, detail: "by an invitation" },
      { kind: "sign-in", actor: email, detail: "" },
    ]);
    expect(statusOf(await open(token!))).toBe(404);
    expect(failure(await accept(token!, { password: "Another-Pass-2" }))).toMatchObject({
      status: 404,
      formError: expect.stringContaining("Ask the person who invited you"),
    });
  });

  it("accepted in Arabic, signing in lands on /ar/Account", async () => {
    const clinic = await newOrganisation();
    const email = `${unique("arabic")}@clinic.example`;
    const { token } = await invite(clinic.id, email);
    const done = await redirected(await accept(token!, { password: PASSWORD }, "/ar"));
    expect(done.location).toBe("/ar/Login?redirectTo=%2Far%2FAccount");
    const signedIn = await login.action(post("/ar/Login", { email, password: PASSWORD, redirectTo: "/ar/Account" }));
    expect((signedIn as Response).headers.get("Location")).toBe("/ar/Account");
  });

  it("unknown, used and expired links answer the same page (a controlled clock)", async () => {
    const clinic = await newOrganisation();
    const { token } = await invite(clinic.id, `${unique("late")}@clinic.example`);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + INVITATION_TTL_MS + 1000);
    const expired = await open(token!);
    vi.useRealTimers();
    const unknown = await open("A".repeat(43));
    const malformed = await open("x");
    for (const page of [expired, unknown, malformed]) {
      expect(statusOf(page)).toBe(404);
      expect((page as { data: unknown }).data).toEqual({ invitation: null });
    }
  });

  it("an address that already has an account: the same answer and the same kind of e-mail; its link then says to sign in", async () => {
    const clinic = await newOrganisation();
    const existing = await addRequester({ organisation: "Firm B", email: `${unique("has")}@firm.example` });
    const fresh = `${unique("new")}@clinic.example`;
    const known = await invite(clinic.id, existing.email);
    const unknownInvite = await invite(clinic.id, fresh);
    const toastOf = async (answer: unknown) => (await redirected(answer)).toast!.message.replace(/\S+@\S+/, "");
    expect(await toastOf(known.answer)).toBe(await toastOf(unknownInvite.answer));
    expect(known.mail!.subject).toBe(unknownInvite.mail!.subject);
    expect(failure(await accept(known.token!))).toMatchObject({ status: 409, formError: "This e-mail address already has an account. Sign in instead." });
  });

  it("the invitation form refuses a bad e-mail or no name with 400, storing nothing", async () => {
    const clinic = await newOrganisation();
    const before = await count("SELECT COUNT(*) AS n FROM customer_invitations");
    const params = { params: { organisationId: String(clinic.id) } };
    const bad = failure(
      await organisation.action(post(`/Dashboard/Organisations/${clinic.id}`, { intent: "invite", fullName: "", email: "nope" }, cookies.admin, params)),
    );
    expect(bad).toMatchObject({ status: 400, errors: { fullName: expect.any(String), email: expect.any(String) } });
    expect(await count("SELECT COUNT(*) AS n FROM customer_invitations")).toBe(before);
    expect(await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_email = 'nope'")).toBe(0);
  });
});

describe("/Account/People", () => {
  it("an organisation's admin sees and removes colleagues of their own organisation only, never themselves; a requester who is not admin gets 403", async () => {
    const name = unique("Clinic People");
    const boss = await addRequester({ organisation: name, email: `${unique("boss")}@clinic.example`, admin: true });
    const colleague = await addRequester({ organisation: name, email: `${unique("col")}@clinic.example` });
    const stranger = await addRequester({ organisation: unique("Firm B"), email: `${unique("str")}@firm.example` });
    const { cookieOf } = await import("./helpers");
    const [bossCookie, colleagueCookie] = [await cookieOf(boss.email, boss.password), await cookieOf(colleague.email, colleague.password)];

    expect(statusOf(await thrown(() => accountPeople.loader(get("/Account/People", colleagueCookie))))).toBe(403);
    expect(statusOf(await thrown(() => accountPeople.loader(get("/Account/People", cookies.admin))))).toBe(403);
    const page = await accountPeople.loader(get("/Account/People", bossCookie));
    expect(page.people.map((person) => person.email).sort()).toEqual([boss.email, colleague.email].sort());

    const self = failure(await accountPeople.action(post("/Account/People", { intent: "remove", accountId: boss.accountId }, bossCookie)));
    expect(self).toMatchObject({ status: 403 });
    const other = failure(await accountPeople.action(post("/Account/People", { intent: "remove", accountId: stranger.accountId }, bossCookie)));
    expect(other).toMatchObject({ status: 404 });
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE id = ?", stranger.accountId)).toBe(1);

    const removed = await redirected(await accountPeople.action(post("/Account/People", { intent: "remove", accountId: colleague.accountId }, bossCookie)));
    expect(removed.location).toMatch(/^\/Account\/People\??#people$/);
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE id = ?", colleague.accountId)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?", colleague.accountId)).toBe(0);
    expect(await eventsAbout(colleague.email)).toEqual([{ kind: "requester-removed", actor: boss.email, detail: name }]);
    // A refused removal records nothing.
    expect(await eventsAbout(stranger.email)).toEqual([]);
  });
});
