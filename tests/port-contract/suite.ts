// The backend port's contract: what every adapter must do, as seen through the port. The same suite runs
// against the D1 adapter (tests/port-contract/d1.test.ts) and the Supabase adapter against its HTTP double
// (tests/port-contract/supabase.test.ts). It assumes the sample content of seed/content.ts is loaded, and
// makes its own people and languages (with unique names) for everything that changes data.
import { beforeAll, describe, expect, it } from "vitest";
import { about, company, people, SAMPLE_PASSWORD, services } from "../../seed/content";
import { sampleTranslations } from "../../seed/content-ar";
import { describeAccountContract } from "./accounts-suite";
import { cookieHeader, ORIGIN, unique, type ContractTarget } from "./target";

export function describePortContract(target: ContractTarget) {
  const backend = (cookie?: string) => target.backendFor(new Request(`${ORIGIN}/Dashboard`, cookie ? { headers: { Cookie: cookie } } : undefined));

  /** Signs in and returns the browser's Cookie header (both adapters put Set-Cookie in responseHeaders). */
  async function signIn(email: string, password = SAMPLE_PASSWORD): Promise<string> {
    const fresh = backend();
    const result = await fresh.auth.signIn({ email, password });
    if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.reason}`);
    return cookieHeader(fresh.responseHeaders.getSetCookie());
  }

  const resetLink = async (email: string) => (await backend().auth.requestPasswordReset(email))!.token;
  const reset = (token: string, email: string, password: string) => backend().auth.resetPassword({ token, email, password });
  const canSignIn = async (email: string, password: string) => (await backend().auth.signIn({ email, password })).ok;

  async function newInterpreter(password = "first-password-1") {
    const email = `${unique("contract")}@example.com`;
    const result = await backend().interpreters.create({ fullName: unique("Contract Person "), gender: "Woman", email, phone: "+1 307 555 0190", password });
    if (!result.ok) throw new Error(`could not create ${email}: ${result.reason}`);
    return { id: result.id, email, password };
  }

  describe(`the backend port — ${target.name} adapter`, () => {
    beforeAll(() => target.prepare());

    describe("content", () => {
      /** An image as the pages get it: a URL (each adapter's own) ending in its folder and file, its alt text and size. */
      const image = (folder: string, file: string, alt: string, width: number, height: number) => ({
        url: expect.stringMatching(new RegExp(`/${folder}/${file.replace(".", "\\.")}$`)),
        alt,
        width,
        height,
      });

      it("reads the first company row in the app's names (instagram from `instegram`), with its images and translations", async () => {
        expect(await backend().content.company()).toEqual({
          title: company.title,
          description: company.description,
          address: company.address,
          email: company.email,
          phone: company.phone,
          facebook: company.facebook,
          instagram: company.instegram,
          linkedin: company.linkedin,
          homeCover: image("Home", company.homecover, company.homecover_alt, company.homecover_width, company.homecover_height),
          contactCover: image("Contactus", company.contactcover, company.contactcover_alt, company.contactcover_width, company.contactcover_height),
          translations: sampleTranslations.company,
        });
      });

      it("lists every service in order, each with its image in the Services folder and its translations (the last has none)", async () => {
        const list = await backend().content.services();
        expect(list.map(({ title, description, photo, translations }) => ({ title, description, photo, translations }))).toEqual(
          services.map((service) => ({
            title: service.title,
            description: service.description,
            photo: image("Services", service.photourl, `${service.title}: illustration`, 640, 400),
            translations: sampleTranslations.service(service.title),
          })),
        );
      });

      it("reads the about row with its two photos in the Aboutus folder", async () => {
        expect(await backend().content.about()).toEqual({
          description: about.description,
          photoA: image("Aboutus", about.photoaurl, about.photoa_alt, 800, 600),
          photoB: image("Aboutus", about.photoburl, about.photob_alt, 800, 600),
          translations: sampleTranslations.about,
        });
      });
    });

    describe("sign-in", () => {
      it("signs in the sample admin, and a request with the session's cookies is that admin", async () => {
        const result = await backend().auth.signIn({ email: "admin@example.com", password: SAMPLE_PASSWORD });
        expect(result).toMatchObject({
          ok: true,
          user: {
            id: expect.any(String),
            email: "admin@example.com",
            role: "admin",
            profile: { fullName: "Amira Haddad", department: "Operations", email: "admin@example.com" },
          },
        });
        const cookie = await signIn("admin@example.com");
        const user = await backend(cookie).auth.currentUser();
        expect(user).toMatchObject({ email: "admin@example.com", role: "admin", profile: { fullName: "Amira Haddad", department: "Operations" } });
      });

      it("matches the email regardless of case", async () => {
        expect(await backend().auth.signIn({ email: "ADMIN@EXAMPLE.COM", password: SAMPLE_PASSWORD })).toMatchObject({
          ok: true,
          user: { role: "admin", email: "admin@example.com" },
        });
      });

      it("refuses a wrong password, an unknown address and an account without a usable password alike", async () => {
        for (const credentials of [
          { email: "admin@example.com", password: "wrong-password" },
          { email: "admin@example.com", password: SAMPLE_PASSWORD.toUpperCase() },
          { email: "nobody@example.com", password: SAMPLE_PASSWORD },
          { email: "linh.tran@example.com", password: SAMPLE_PASSWORD },
          { email: "linh.tran@example.com", password: "disabled" }, // D1's marker of an account without a password is not one
        ]) {
          expect(await backend().auth.signIn(credentials), credentials.email).toEqual({ ok: false, reason: "invalid-credentials" });
        }
      });

      it("has no user without cookies, and none after signing out", async () => {
        expect(await backend().auth.currentUser()).toBeNull();
        const cookie = await signIn("interpreter@example.com");
        await backend(cookie).auth.signOut();
        expect(await backend(cookie).auth.currentUser()).toBeNull();
      });

      it("signing out ends only this browser's session: the account's other sessions survive", async () => {
        const phone = await signIn("admin@example.com");
        const laptop = await signIn("admin@example.com");
        await backend(phone).auth.signOut();
        expect(await backend(phone).auth.currentUser()).toBeNull();
        expect(await backend(laptop).auth.currentUser()).toMatchObject({ email: "admin@example.com" });
      });

      it("resets a password with a single-use link, ends every session of the account (no other's), and refuses a wrong address", async () => {
        const person = await newInterpreter();
        const earlier = await signIn(person.email, person.password);
        const laptop = await signIn(person.email, person.password);
        const admin = await signIn("admin@example.com");
        expect(await backend().auth.requestPasswordReset(`nobody-${person.email}`)).toBeNull();

        const mismatch = await backend().auth.requestPasswordReset(person.email);
        expect(await backend().auth.resetPassword({ token: mismatch!.token, email: "someone-else@example.com", password: "second-password-2" })).toEqual({
          ok: false,
          reason: "email-not-found",
        });
        expect(await backend().auth.resetPassword({ token: "not-a-token", email: person.email, password: "second-password-2" })).toEqual({
          ok: false,
          reason: "invalid-token",
        });

        const ticket = await backend().auth.requestPasswordReset(person.email);
        expect(ticket?.email.toLowerCase()).toBe(person.email);
        expect(await backend().auth.resetPassword({ token: ticket!.token, email: person.email.toUpperCase(), password: "second-password-2" })).toEqual({
          ok: true,
        });
        expect(await backend(earlier).auth.currentUser()).toBeNull();
        expect(await backend(laptop).auth.currentUser()).toBeNull();
        expect(await backend(admin).auth.currentUser()).toMatchObject({ email: "admin@example.com" });
        expect((await backend().auth.signIn({ email: person.email, password: person.password })).ok).toBe(false);
        expect((await backend().auth.signIn({ email: person.email, password: "second-password-2" })).ok).toBe(true);
        expect(await backend().auth.resetPassword({ token: ticket!.token, email: person.email, password: "third-password-3" })).toEqual({
          ok: false,
          reason: "invalid-token",
        });
      });

      it("finds the account to reset whatever the case of the email", async () => {
        expect(await backend().auth.requestPasswordReset("Admin@Example.com")).toMatchObject({ email: "admin@example.com" });
      });

      it("a link with another account's email: email-not-found and the password unchanged; the link then works with the account's", async () => {
        const person = await newInterpreter();
        const token = await resetLink(person.email);
        expect(await reset(token, "admin@example.com", "another-password-1")).toEqual({ ok: false, reason: "email-not-found" });
        expect(await canSignIn(person.email, person.password)).toBe(true);
        expect(await canSignIn(person.email, "another-password-1")).toBe(false);
        expect(await reset(token, person.email, "another-password-1")).toEqual({ ok: true });
      });

      it("a second request replaces the first link; the password is unchanged until one is used", async () => {
        const person = await newInterpreter();
        const first = await resetLink(person.email);
        expect(await resetLink(person.email)).not.toBe(first);
        expect(await reset(first, person.email, "replaced-link-1")).toEqual({ ok: false, reason: "invalid-token" });
        expect(await canSignIn(person.email, person.password)).toBe(true);
      });

      it("a reset to the password the account already has is answered, not thrown", async () => {
        const person = await newInterpreter();
        expect(await reset(await resetLink(person.email), person.email, person.password)).toEqual({ ok: true });
      });

      it("two concurrent resets with one link: exactly one succeeds, and its password is the one stored", async () => {
        const person = await newInterpreter();
        const token = await resetLink(person.email);
        const passwords = ["racer-one-pass-1", "racer-two-pass-2"];
        const results = await Promise.all(passwords.map((password) => reset(token, person.email, password)));
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "invalid-token" }]);
        expect(await canSignIn(person.email, passwords[results.findIndex((result) => result.ok)]!)).toBe(true);
        expect(await canSignIn(person.email, passwords[results.findIndex((result) => !result.ok)]!)).toBe(false);
      });
    });

    describe("interpreters", () => {
      it("searches name, email and phone, with each person's languages in alphabetical order", async () => {
        const byName = await backend().interpreters.list({ search: "omar", sort: "name", direction: "asc", page: 1 });
        expect(byName.items.map((person) => person.fullName)).toEqual(["Omar Farah"]);
        expect(byName.items[0]?.languages.map((language) => language.name)).toEqual(["Arabic", "English", "Somali"]);
        const byEmail = await backend().interpreters.list({ search: "linh.tran@", sort: "name", direction: "asc", page: 1 });
        expect(byEmail.items.map((person) => person.fullName)).toEqual(["Linh Tran"]);
        const byPhone = await backend().interpreters.list({ search: "3075550105", sort: "name", direction: "asc", page: 1 });
        expect(byPhone.items.map((person) => person.fullName)).toEqual(["Wei Zhang"]);
      });

      it("an email with digits in it finds that person only (its digits are not a phone search)", async () => {
        const person = await newInterpreter();
        // Its only digits are 3, 0, 7: every sample phone has "307" in it.
        const email = `a3b0c7.${person.id.replace(/[^a-f]/g, "")}@example.com`;
        await backend().interpreters.update(person.id, { fullName: "Digits Person", gender: "Woman", email, phone: "+1 307 555 0194" });
        const found = await backend().interpreters.list({ search: email, sort: "name", direction: "asc", page: 1 });
        expect(found.items.map((item) => item.email)).toEqual([email]);
      });

      it("sorts by email both ways and clamps a page past the end", async () => {
        const query = { search: "@example.com", sort: "email" as const, page: 1 };
        const up = (await backend().interpreters.list({ ...query, direction: "asc" })).items.map((person) => person.email);
        const down = (await backend().interpreters.list({ ...query, direction: "desc" })).items.map((person) => person.email);
        expect(up).toEqual([...up].sort((a, b) => a.localeCompare(b)));
        expect(down).toEqual([...up].reverse());
        const last = await backend().interpreters.list({ ...query, direction: "asc", page: 99 });
        expect(last.page).toBe(last.pageCount);
        expect(last.total).toBeGreaterThanOrEqual(people.length);
      });

      it("creates the sign-in account with the person, and refuses a taken email in any case", async () => {
        const person = await newInterpreter();
        expect((await backend().auth.signIn({ email: person.email, password: person.password })).ok).toBe(true);
        const again = await backend().interpreters.create({
          fullName: "Copy",
          gender: "Man",
          email: person.email.toUpperCase(),
          phone: "+1 307 555 0191",
          password: "whatever-long",
        });
        expect(again).toEqual({ ok: false, reason: "email-taken" });
      });

      it("updates a person, their sign-in email with them, and refuses an email in use", async () => {
        const person = await newInterpreter();
        const email = `${unique("renamed")}@example.com`;
        expect(await backend().interpreters.update(person.id, { fullName: "Renamed Person", gender: "Woman", email, phone: "+1 307 555 0192" })).toEqual({
          ok: true,
        });
        expect((await backend().auth.signIn({ email, password: person.password })).ok).toBe(true);
        expect((await backend().auth.signIn({ email: person.email, password: person.password })).ok).toBe(false);
        expect(
          await backend().interpreters.update(person.id, { fullName: "Renamed Person", gender: "Woman", email: "admin@example.com", phone: "+1 307 555 0192" }),
        ).toEqual({
          ok: false,
          reason: "email-taken",
        });
        expect(
          await backend().interpreters.update("00000000-0000-4000-8000-00000000abcd", {
            fullName: "Nobody",
            gender: "-",
            email: `${unique("x")}@example.com`,
            phone: "+1 307 555 0193",
          }),
        ).toEqual({ ok: false, reason: "not-found" });
      });

      it("removes a person with their account, sessions and language links", async () => {
        const person = await newInterpreter();
        const cookie = await signIn(person.email, person.password);
        const english = (await backend().languages.list()).find((language) => language.name === "English")!;
        expect((await backend().links.link(person.id, english.id)).ok).toBe(true);

        const removed = await backend().interpreters.remove(person.id);
        expect(removed.ok).toBe(true);
        expect(await backend(cookie).auth.currentUser()).toBeNull();
        expect((await backend().auth.signIn({ email: person.email, password: person.password })).ok).toBe(false);
        expect((await backend().links.list()).some((link) => link.userId === person.id)).toBe(false);
        expect(await backend().interpreters.remove(person.id)).toEqual({ ok: false, reason: "not-found" });
      });
    });

    describe("languages and links", () => {
      it("adds, renames and removes a language; names are unique ignoring case", async () => {
        const name = unique("Lang ");
        const added = await backend().languages.create(name);
        expect(added.ok).toBe(true);
        const id = added.ok ? added.language.id : 0;
        expect(await backend().languages.create(name.toUpperCase())).toEqual({ ok: false, reason: "duplicate" });
        expect(await backend().languages.rename(id, "english")).toEqual({ ok: false, reason: "duplicate" });
        expect(await backend().languages.rename(id, `${name} (new)`)).toEqual({ ok: true });
        expect((await backend().languages.list()).map((language) => language.name)).toContain(`${name} (new)`);
        expect(await backend().languages.rename(987654, "Nothing")).toEqual({ ok: false, reason: "not-found" });
        expect(await backend().languages.remove(id)).toEqual({ ok: true, name: `${name} (new)` });
        expect(await backend().languages.remove(id)).toEqual({ ok: false, reason: "not-found" });
      });

      it("links a person to a language once, lists it with names, and unlinks it", async () => {
        const person = await newInterpreter();
        const added = await backend().languages.create(unique("Linked "));
        const language = added.ok ? added.language : null;
        const link = await backend().links.link(person.id, language!.id);
        expect(link).toMatchObject({ ok: true, link: { userId: person.id, languageId: language!.id, languageName: language!.name } });
        expect(await backend().links.link(person.id, language!.id)).toEqual({ ok: false, reason: "duplicate" });
        expect(await backend().links.link(person.id, 987654)).toEqual({ ok: false, reason: "not-found" });
        expect((await backend().links.list()).filter((item) => item.userId === person.id)).toHaveLength(1);

        // The person's own languages, read as that person.
        const cookie = await signIn(person.email, person.password);
        expect(await backend(cookie).links.forUser(person.id)).toEqual([{ id: language!.id, name: language!.name }]);

        const id = link.ok ? link.link.id : 0;
        expect(await backend().links.unlink(id)).toMatchObject({ ok: true });
        expect(await backend().links.unlink(id)).toEqual({ ok: false, reason: "not-found" });
        // Removing a language removes its links.
        await backend().links.link(person.id, language!.id);
        await backend().languages.remove(language!.id);
        expect((await backend().links.list()).some((item) => item.languageId === language!.id)).toBe(false);
      });

      it("pages the link screen's list by interpreter then language, with the total; finds who speaks every language asked for", async () => {
        const person = await newInterpreter();
        const [first, second] = [await backend().languages.create(unique("Paged A ")), await backend().languages.create(unique("Paged B "))];
        const [a, b] = [first.ok ? first.language : null, second.ok ? second.language : null];
        await backend().links.link(person.id, a!.id);
        const all = await backend().links.list();
        const page = await backend().links.page(1);
        expect(page.total).toBe(all.length);
        expect(page.items.length).toBe(Math.min(all.length, 50));
        const names = page.items.map((item) => item.userName.toLowerCase());
        expect(names).toEqual([...names].sort());
        // The pages together hold every link once.
        const seen: number[] = [];
        for (let n = 1; n <= page.pageCount; n++) seen.push(...(await backend().links.page(n)).items.map((item) => item.id));
        expect(seen.sort((x, y) => x - y)).toEqual(all.map((item) => item.id).sort((x, y) => x - y));

        // Linked to A only: found for A, not for A and B; then for both once linked to B.
        const speakers = (ids: number[]) => backend().interpreters.find({ text: person.email, languageIds: ids, limit: 10 });
        expect((await speakers([a!.id])).map((found) => found.id)).toEqual([person.id]);
        expect(await speakers([a!.id, b!.id])).toEqual([]);
        await backend().links.link(person.id, b!.id);
        expect((await speakers([a!.id, b!.id])).map((found) => found.id)).toEqual([person.id]);
      });

      it("tells the switchboard who may take calls: each person's live sessions by their list key, and their languages now", async () => {
        const [ana, ben, never] = [await newInterpreter(), await newInterpreter(), await newInterpreter()];
        const added = await backend().languages.create(unique("Ready "));
        const language = added.ok ? added.language : null;
        await backend().links.link(ana.id, language!.id);
        const anaPhone = await signIn(ana.email, ana.password);
        const anaLaptop = await signIn(ana.email, ana.password);
        const benCookie = await signIn(ben.email, ben.password);
        const keyOf = async (cookie: string) => (await backend(cookie).auth.sessions()).find((session) => session.current)!.key;
        const byId = async () => new Map((await backend().links.callReadiness([ana.id, ben.id, never.id])).map((person) => [person.id, person]));

        const ready = await byId();
        expect(new Set(ready.get(ana.id)?.sessions)).toEqual(new Set([await keyOf(anaPhone), await keyOf(anaLaptop)]));
        expect(ready.get(ana.id)?.languages).toEqual([language!.id]);
        expect(ready.get(ben.id)).toEqual({ id: ben.id, sessions: [await keyOf(benCookie)], languages: [] });
        expect(ready.has(never.id)).toBe(false); // never signed in: no session to take calls with
        expect(await backend().links.callReadiness([])).toEqual([]);

        // Signed out on one device: that session is gone. Locked: nothing is left.
        const phoneKey = await keyOf(anaPhone);
        await backend(anaPhone).auth.signOut();
        expect((await byId()).get(ana.id)?.sessions).toEqual([await keyOf(anaLaptop)]);
        expect((await backend().accounts.setLocked(ben.id, true)).ok).toBe(true);
        expect((await byId()).has(ben.id)).toBe(false);
        expect(phoneKey).toMatch(/^[0-9a-f]{12}$/);
      });
    });

    describe("contact outbox", () => {
      const message = () => ({ name: "Ana", email: "ana@example.com", subject: unique("Outbox "), message: "Hello", locale: "en" as const });

      it("keeps the language of the page a message was sent from", async () => {
        const saved = await backend().outbox.save({ ...message(), message: "مرحبا", locale: "ar" }, Date.now());
        expect(saved).toMatchObject({ locale: "ar", message: "مرحبا" });
        expect((await backend().outbox.get(saved.id))?.locale).toBe("ar");
        expect((await backend().outbox.save(message(), Date.now())).locale).toBe("en");
      });

      it("stores a message, lets one run claim it, and records it sent", async () => {
        const now = Date.now();
        const saved = await backend().outbox.save(message(), now);
        expect(saved).toMatchObject({ status: "pending", attempts: 0, readAt: null });
        expect((await backend().outbox.due(now, 500)).map((item) => item.id)).toContain(saved.id);
        const claim = await backend().outbox.claim(saved.id, now, 60_000);
        expect(claim).toBeTruthy();
        expect(await backend().outbox.claim(saved.id, now, 60_000)).toBeNull();
        await backend().outbox.markSent(saved.id, claim!, now + 1);
        expect(await backend().outbox.get(saved.id)).toMatchObject({ status: "sent", attempts: 1, sentAt: now + 1 });
      });

      it("keeps a failed attempt pending until its retry time, then gives up when told", async () => {
        const now = Date.now();
        const saved = await backend().outbox.save(message(), now);
        const first = await backend().outbox.claim(saved.id, now, 60_000);
        await backend().outbox.markAttemptFailed(saved.id, first!, "500: EmailJS is having trouble.", now + 60_000);
        expect(await backend().outbox.get(saved.id)).toMatchObject({ status: "pending", attempts: 1, lastError: "500: EmailJS is having trouble." });
        expect((await backend().outbox.due(now + 1, 500)).map((item) => item.id)).not.toContain(saved.id);
        expect((await backend().outbox.due(now + 60_000, 500)).map((item) => item.id)).toContain(saved.id);
        const second = await backend().outbox.claim(saved.id, now + 60_000, 60_000);
        await backend().outbox.markAttemptFailed(saved.id, second!, "403 Forbidden", null);
        expect(await backend().outbox.get(saved.id)).toMatchObject({ status: "failed", attempts: 2 });
        expect(await backend().outbox.retryNow(saved.id, now + 120_000)).toBe(true);
        expect(await backend().outbox.get(saved.id)).toMatchObject({ status: "pending", nextAttemptAt: now + 120_000 });
      });

      it("counts unread messages, marks them read and removes them", async () => {
        const saved = await backend().outbox.save(message(), Date.now());
        const unread = await backend().outbox.unreadCount();
        expect(unread).toBeGreaterThanOrEqual(1);
        expect(await backend().outbox.setRead(saved.id, true, Date.now())).toBe(true);
        expect(await backend().outbox.unreadCount()).toBe(unread - 1);
        expect((await backend().outbox.page("all", null, 500)).map((item) => item.id)).toContain(saved.id);
        expect(await backend().outbox.remove(saved.id)).toBe(true);
        expect(await backend().outbox.get(saved.id)).toBeNull();
        expect(await backend().outbox.remove(saved.id)).toBe(false);
      });

      it("pages the inbox newest first by keyset, and shows the unread or the failed messages alone (issue 23)", async () => {
        // Far in the future, so these four are the newest of the store whatever the other tests saved.
        const at = Date.UTC(2099, 0, 1);
        const [a, b, c, d] = [
          await backend().outbox.save(message(), at),
          await backend().outbox.save(message(), at + 1000),
          await backend().outbox.save(message(), at + 1000),
          await backend().outbox.save(message(), at + 2000),
        ];
        await backend().outbox.setRead(d.id, true, at + 3000);
        const claim = await backend().outbox.claim(b.id, at + 3000, 60_000);
        await backend().outbox.markAttemptFailed(b.id, claim!, "400 The template is invalid", null);
        const ids = (items: { id: number }[]) => items.map((item) => item.id);
        // Same instant: the higher id first.
        expect(ids(await backend().outbox.page("all", null, 2))).toEqual([d.id, c.id]);
        expect(ids(await backend().outbox.page("all", { receivedAt: c.receivedAt, id: c.id }, 2))).toEqual([b.id, a.id]);
        expect(ids(await backend().outbox.page("unread", null, 3))).toEqual([c.id, b.id, a.id]);
        expect(ids(await backend().outbox.page("unread", { receivedAt: b.receivedAt, id: b.id }, 1))).toEqual([a.id]);
        expect(ids(await backend().outbox.page("failed", null, 1))).toEqual([b.id]);
        for (const item of [a, b, c, d]) await backend().outbox.remove(item.id);
      });
    });

    describeAccountContract({ name: target.name, backendFor: target.backendFor, newInterpreter });
  });
}
