// The port's contract for "the same interpreter as last time" on a booking (issue 27; ADR 0041 "As built"), with two
// organisations: PreferenceStore.pastInterpreters — what /Book offers to choose from — reads only the organisation's
// own; AppointmentStore.request keeps the choice (`preferred`) only for one of them and only when the booking's
// customer is that organisation's, and reads it back with the interpreter's name; AvailabilityStore.candidates marks
// them preferred for that appointment alone. Called from d1.test.ts and supabase.test.ts; it books its own
// appointments (2040).
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import type { RequesterFixture } from "./preferences-suite";
import { unique, type ContractTarget } from "./target";

const START = Date.UTC(2040, 2, 6, 16);
const DAY = 86_400_000;

export function describeSameInterpreterContract(target: ContractTarget & { addRequester: RequesterFixture }) {
  const { backend, newInterpreter } = portHelpers(target);
  let languageId = 0;

  /** A booking of `email` (their customers row), asking for `preferred` when given. */
  async function book(email: string, startsAt: number, preferred?: { organisationId: number; interpreterId: string }) {
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
        ...(preferred ? { preferred } : {}),
      },
      Date.now(),
    );
    if (!made.ok) throw new Error(made.reason);
    return made.id;
  }

  /** An appointment of `email`'s done by `interpreterId` (offered, accepted: confirmed). */
  async function workFor(email: string, interpreterId: string, startsAt: number) {
    const id = await book(email, startsAt);
    await backend().offers.offer(id, { basedOn: 1, interpreterIds: [interpreterId], expiresAt: startsAt }, Date.now());
    const [offer] = await backend().offers.forAppointment(id);
    if (!(await backend().offers.accept(offer!.id, interpreterId, Date.now())).ok) throw new Error("not accepted");
  }

  /** Clinic A (requester `a`) worked with `pat`; Firm B (requester `b`) with `kim`. Both speak the language. */
  async function twoOrganisations() {
    const [emailA, emailB] = [`${unique("desk-a")}@example.com`.toLowerCase(), `${unique("desk-b")}@example.com`.toLowerCase()];
    const a = await target.addRequester({ organisation: unique("Clinic A"), email: emailA });
    const b = await target.addRequester({ organisation: unique("Firm B"), email: emailB });
    const [pat, kim] = [await newInterpreter(), await newInterpreter()];
    for (const person of [pat, kim]) await backend().links.link(person.id, languageId);
    await workFor(emailA, pat.id, START);
    await workFor(emailB, kim.id, START + DAY);
    return { a: a.organisationId, b: b.organisationId, emailA, emailB, pat, kim };
  }

  describe(`same interpreter as last time — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("each organisation's past interpreters are its own", async () => {
      const { a, b, pat, kim } = await twoOrganisations();
      expect((await backend().preferences.pastInterpreters(a)).map((person) => person.id)).toEqual([pat.id]);
      expect((await backend().preferences.pastInterpreters(b)).map((person) => person.id)).toEqual([kim.id]);
    });

    it("a booking keeps the choice of its organisation's past interpreter, read back with the name; none otherwise", async () => {
      const { a, b, emailA, emailB, pat, kim } = await twoOrganisations();
      const asked = await book(emailA, START + 7 * DAY, { organisationId: a, interpreterId: pat.id });
      const [patName] = (await backend().preferences.pastInterpreters(a)).map((person) => person.name);
      expect((await backend().appointments.get(asked))!.preferredInterpreter).toEqual({ id: pat.id, name: patName });
      // Another organisation's interpreter, the right one through the wrong organisation, a visitor's booking: none kept.
      for (const [email, preferred] of [
        [emailA, { organisationId: a, interpreterId: kim.id }],
        [emailA, { organisationId: b, interpreterId: kim.id }],
        [emailB, { organisationId: a, interpreterId: pat.id }],
        [`${unique("walk-in")}@example.com`, { organisationId: a, interpreterId: pat.id }],
      ] as const) {
        const id = await book(email, START + 8 * DAY, preferred);
        expect(await backend().appointments.get(id), `${email} asking for ${preferred.interpreterId}`).not.toHaveProperty("preferredInterpreter");
      }
      const plain = await book(emailA, START + 9 * DAY);
      expect(await backend().appointments.get(plain)).not.toHaveProperty("preferredInterpreter");
    });

    it("the candidates mark the interpreter asked for as preferred for that appointment alone", async () => {
      const { a, emailA, pat, kim } = await twoOrganisations();
      const asked = await book(emailA, START + 14 * DAY, { organisationId: a, interpreterId: pat.id });
      const other = await book(emailA, START + 14 * DAY);
      const span = { from: START + 14 * DAY, to: START + 14 * DAY + 3_600_000 };
      const marks = async (except: number) =>
        Object.fromEntries(
          (await backend().availability.candidates(languageId, span, except)).linked
            .filter((person) => person.id === pat.id || person.id === kim.id)
            .map((person) => [person.id === pat.id ? "pat" : "kim", person.preferred]),
        );
      expect(await marks(asked)).toEqual({ pat: true, kim: false });
      expect(await marks(other)).toEqual({ pat: false, kim: false });
    });
  });
}
