// The port's contract for preferred and blocked interpreters (issue 27): PreferenceStore — one stance per organisation
// and interpreter (a new one replaces it), cleared, listed with the organisation's name; the organisation's past
// interpreters; an organisation admin's request for one of them, answered by staff (accepting makes them preferred).
// Every method is run with two organisations, and nothing of one is read or changed through the other's id. Called
// from d1.test.ts and supabase.test.ts; it books its own appointments (2039).
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

/** A requester of `organisation` (made when missing), as each adapter's fixture writes one. */
export type RequesterFixture = (input: { organisation: string; email: string; admin?: boolean }) => Promise<{ accountId: string; organisationId: number }>;

const START = Date.UTC(2039, 2, 8, 16);

export function describePreferencesContract(target: ContractTarget & { addRequester: RequesterFixture }) {
  const { backend, newInterpreter } = portHelpers(target);
  const preferences = () => backend().preferences;
  const STAFF = "00000000-0000-4000-8000-0000000000aa";
  let languageId = 0;

  /** An appointment booked by `email` (their customers row) confirmed to `interpreterId`. */
  async function workFor(email: string, interpreterId: string, startsAt: number) {
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      Date.now(),
    );
    if (!made.ok) throw new Error(made.reason);
    await backend().offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreterId], expiresAt: startsAt }, Date.now());
    const [offer] = await backend().offers.forAppointment(made.id);
    if (!(await backend().offers.accept(offer!.id, interpreterId, Date.now())).ok) throw new Error("not accepted");
    return made.id;
  }

  async function twoOrganisations() {
    const [a, b] = [unique("Clinic A"), unique("Firm B")];
    const adminA = await target.addRequester({ organisation: a, email: `${unique("admin-a")}@example.com`, admin: true });
    const adminB = await target.addRequester({ organisation: b, email: `${unique("admin-b")}@example.com`, admin: true });
    return { adminA, adminB, a: adminA.organisationId, b: adminB.organisationId, nameA: a };
  }

  describe(`preferences — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("one stance per organisation and interpreter: set, replaced, listed preferred first, cleared — never across organisations", async () => {
      const { a, b, nameA } = await twoOrganisations();
      const [first, second] = [await newInterpreter(), await newInterpreter()];
      expect(await preferences().list(a)).toEqual({ name: nameA, stances: [] });
      expect(await preferences().set(a, first.id, "blocked", STAFF, START)).toEqual({ ok: true });
      expect(await preferences().set(a, second.id, "preferred", STAFF, START + 1)).toEqual({ ok: true });
      const listed = (await preferences().list(a))!.stances;
      expect(listed.map((item) => [item.interpreter.id, item.stance, item.setAt])).toEqual([
        [second.id, "preferred", START + 1],
        [first.id, "blocked", START],
      ]);
      // Staff's name is read from their users row; this one has none.
      expect(listed[0]!.setBy).toBeNull();
      expect((await preferences().list(b))!.stances).toEqual([]);
      expect(await preferences().clear(b, first.id)).toBe(false);

      expect(await preferences().set(a, first.id, "preferred", STAFF, START + 2)).toEqual({ ok: true });
      const both = (await preferences().list(a))!.stances;
      expect(both.map((item) => item.stance)).toEqual(["preferred", "preferred"]);
      expect(both.map((item) => item.interpreter.id).sort()).toEqual([first.id, second.id].sort());
      expect(both.map((item) => item.interpreter.name)).toEqual(both.map((item) => item.interpreter.name).sort());
      expect(await preferences().clear(a, first.id)).toBe(true);
      expect(await preferences().clear(a, first.id)).toBe(false);
      expect((await preferences().list(a))!.stances.map((item) => item.interpreter.id)).toEqual([second.id]);
    });

    it("names the staff member who set it; nothing stored for an unknown organisation or interpreter", async () => {
      const { a } = await twoOrganisations();
      const person = await newInterpreter();
      const staff = await newInterpreter();
      const staffName = (await backend().availability.of(staff.id))!.name;
      await preferences().set(a, person.id, "blocked", staff.id, START);
      expect((await preferences().list(a))!.stances[0]).toMatchObject({ setBy: staffName, interpreter: { id: person.id } });
      expect(await preferences().set(a, "00000000-0000-4000-8000-000000000000", "blocked", STAFF, START)).toEqual({ ok: false, reason: "not-found" });
      expect(await preferences().set(2_000_000_000, person.id, "blocked", STAFF, START)).toEqual({ ok: false, reason: "not-found" });
      expect(await preferences().list(2_000_000_000)).toBeNull();
    });

    it("a customer's calls never ring whom their organisation blocks; a walk-in's, anyone", async () => {
      const { adminA, a, b } = await twoOrganisations();
      const [blocked, preferred, elsewhere] = [await newInterpreter(), await newInterpreter(), await newInterpreter()];
      await preferences().set(a, blocked.id, "blocked", STAFF, START);
      await preferences().set(a, preferred.id, "preferred", STAFF, START);
      await preferences().set(b, elsewhere.id, "blocked", STAFF, START);
      const email = (await backend().accounts.emailOf(adminA.accountId))!;
      const appointment = await workFor(email, preferred.id, START + 3_600_000 * 72);
      const customerId = (await backend().appointments.get(appointment))!.customerId;
      expect(await preferences().blockedFor(customerId)).toEqual([blocked.id]);
      const walkIn = await workFor(`${unique("walk-in")}@example.com`, preferred.id, START + 3_600_000 * 96);
      expect(await preferences().blockedFor((await backend().appointments.get(walkIn))!.customerId)).toEqual([]);
      expect(await preferences().blockedFor(2_000_000_000)).toEqual([]);
    });

    it("past interpreters are those of the organisation's confirmed appointments, not another's", async () => {
      const { adminA, a, b } = await twoOrganisations();
      const [worked, stranger] = [await newInterpreter(), await newInterpreter()];
      const email = (await backend().accounts.emailOf(adminA.accountId))!;
      await workFor(email, worked.id, START);
      expect((await preferences().pastInterpreters(a)).map((person) => person.id)).toEqual([worked.id]);
      expect(await preferences().pastInterpreters(b)).toEqual([]);
      expect((await preferences().pastInterpreters(a)).map((person) => person.id)).not.toContain(stranger.id);
    });

    it("an admin's request: only for a past interpreter of their own organisation, once while pending; answered only by that organisation's id", async () => {
      const { adminA, adminB, a, b } = await twoOrganisations();
      const [worked, stranger] = [await newInterpreter(), await newInterpreter()];
      await workFor((await backend().accounts.emailOf(adminA.accountId))!, worked.id, START + 3_600_000 * 24);

      expect(await preferences().request(a, adminA.accountId, stranger.id, "", START)).toEqual({ ok: false, reason: "not-found" });
      // Another organisation's admin, naming A's id or their own: refused, nothing stored.
      expect(await preferences().request(a, adminB.accountId, worked.id, "", START)).toEqual({ ok: false, reason: "not-found" });
      expect(await preferences().request(b, adminB.accountId, worked.id, "", START)).toEqual({ ok: false, reason: "not-found" });
      expect(await preferences().requests(b)).toEqual([]);

      const made = await preferences().request(a, adminA.accountId, worked.id, "Kind with our patients", START);
      if (!made.ok) throw new Error(made.reason);
      expect(await preferences().request(a, adminA.accountId, worked.id, "", START + 1)).toEqual({ ok: false, reason: "pending" });
      const waiting = await preferences().requests(a);
      expect(waiting).toEqual([
        {
          id: made.id,
          interpreter: { id: worked.id, name: expect.any(String) },
          requestedBy: expect.any(String),
          note: "Kind with our patients",
          createdAt: START,
        },
      ]);
      expect(await preferences().requests(b)).toEqual([]);

      expect(await preferences().answer(b, made.id, true, STAFF, START + 2)).toBe(false);
      expect((await preferences().list(a))!.stances).toEqual([]);
      expect(await preferences().answer(a, made.id, true, STAFF, START + 2)).toBe(true);
      expect(await preferences().answer(a, made.id, false, STAFF, START + 3)).toBe(false);
      expect(await preferences().requests(a)).toEqual([]);
      expect((await preferences().list(a))!.stances.map((item) => [item.interpreter.id, item.stance, item.setAt])).toEqual([
        [worked.id, "preferred", START + 2],
      ]);
      expect(await preferences().request(a, adminA.accountId, worked.id, "", START + 4)).toEqual({ ok: false, reason: "already" });
    });

    it("two requests for the same interpreter at the same instant: one is stored, the other told one is pending", async () => {
      const { adminA, a } = await twoOrganisations();
      const worked = await newInterpreter();
      await workFor((await backend().accounts.emailOf(adminA.accountId))!, worked.id, START + 3_600_000 * 120);
      const answers = await Promise.all([1, 2].map(() => preferences().request(a, adminA.accountId, worked.id, "", START)));
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect(answers.filter((answer) => !answer.ok)).toEqual([{ ok: false, reason: "pending" }]);
      expect(await preferences().requests(a)).toHaveLength(1);
    });

    it("a declined request sets nothing, and the admin may ask again", async () => {
      const { adminA, a } = await twoOrganisations();
      const worked = await newInterpreter();
      await workFor((await backend().accounts.emailOf(adminA.accountId))!, worked.id, START + 3_600_000 * 48);
      const made = await preferences().request(a, adminA.accountId, worked.id, "", START);
      if (!made.ok) throw new Error(made.reason);
      expect(await preferences().answer(a, made.id, false, STAFF, START + 1)).toBe(true);
      expect((await preferences().list(a))!.stances).toEqual([]);
      expect((await preferences().request(a, adminA.accountId, worked.id, "", START + 2)).ok).toBe(true);
    });
  });
}
