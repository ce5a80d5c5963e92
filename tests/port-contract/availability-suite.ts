// The port's contract for interpreters' availability (issue 25): AvailabilityStore — working hours, time off,
// credentials, the credentials about to expire, and the candidates for an offer. Called from d1.test.ts and
// supabase.test.ts. It makes its own interpreters and language, through the port, and uses dates in 2034.
import { beforeAll, describe, expect, it } from "vitest";
import type { WorkingInterval } from "~/domain/availability";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
/** 2034-03-06 16:00 UTC, a Monday: 09:00 in Denver. */
const MONDAY_9 = Date.UTC(2034, 2, 6, 16);

export function describeAvailabilityContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const availability = () => backend().availability;
  const nameOf = async (email: string) => (await backend().interpreters.list({ search: email, sort: "name", direction: "asc", page: 1 })).items[0]!.fullName;
  const WEEK: WorkingInterval[] = [
    { weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60 },
    { weekday: 1, startMinute: 13 * 60, endMinute: 17 * 60 },
    { weekday: 5, startMinute: 0, endMinute: 24 * 60 },
  ];

  describe(`availability — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
    });

    it("a new interpreter has no hours, time off or credentials; an unknown one is null and refuses every change", async () => {
      const { id, email } = await newInterpreter();
      const name = await nameOf(email);
      expect(name).toMatch(/^Contract Person /);
      expect(await availability().of(id)).toEqual({ name, hours: [], timeOff: [], credentials: [] });
      const nobody = "00000000-0000-4000-8000-000000000000";
      expect(await availability().of(nobody)).toBeNull();
      expect(await availability().setHours(nobody, WEEK)).toBe(false);
      expect(await availability().addTimeOff(nobody, { firstDay: "2034-01-01", lastDay: "2034-01-02", note: "" })).toEqual({ ok: false, reason: "not-found" });
      expect(await availability().addCredential(nobody, { name: "Court certified", expiresOn: null })).toEqual({ ok: false, reason: "not-found" });
    });

    it("the week's hours are replaced whole, read by weekday then start", async () => {
      const { id } = await newInterpreter();
      expect(await availability().setHours(id, [...WEEK].reverse())).toBe(true);
      expect((await availability().of(id))!.hours).toEqual(WEEK);
      expect(await availability().setHours(id, [{ weekday: 7, startMinute: 600, endMinute: 660 }])).toBe(true);
      expect((await availability().of(id))!.hours).toEqual([{ weekday: 7, startMinute: 600, endMinute: 660 }]);
      expect(await availability().setHours(id, [])).toBe(true);
      expect((await availability().of(id))!.hours).toEqual([]);
    });

    it("the database refuses an interval that ends before it starts, and the week before it stays", async () => {
      const { id } = await newInterpreter();
      await availability().setHours(id, WEEK);
      await expect(availability().setHours(id, [{ weekday: 2, startMinute: 600, endMinute: 600 }])).rejects.toThrow();
      expect((await availability().of(id))!.hours).toEqual(WEEK);
    });

    it("time off: added, read by first day, removed only by its owner", async () => {
      const { id } = await newInterpreter();
      const other = await newInterpreter();
      const later = await availability().addTimeOff(id, { firstDay: "2034-08-01", lastDay: "2034-08-14", note: "Summer" });
      const sooner = await availability().addTimeOff(id, { firstDay: "2034-03-06", lastDay: "2034-03-06", note: "" });
      if (!later.ok || !sooner.ok) throw new Error("time off refused");
      expect((await availability().of(id))!.timeOff).toEqual([
        { id: sooner.id, firstDay: "2034-03-06", lastDay: "2034-03-06", note: "" },
        { id: later.id, firstDay: "2034-08-01", lastDay: "2034-08-14", note: "Summer" },
      ]);
      expect(await availability().removeTimeOff(other.id, later.id)).toBe(false);
      expect(await availability().removeTimeOff(id, later.id)).toBe(true);
      expect(await availability().removeTimeOff(id, later.id)).toBe(false);
      expect((await availability().of(id))!.timeOff.map((span) => span.id)).toEqual([sooner.id]);
    });

    it("the database refuses time off that ends before it starts", async () => {
      const { id } = await newInterpreter();
      await expect(availability().addTimeOff(id, { firstDay: "2034-03-07", lastDay: "2034-03-06", note: "" })).rejects.toThrow();
      expect((await availability().of(id))!.timeOff).toEqual([]);
    });

    it("credentials: added with or without an expiry, read by name, removed only by id and owner; the expiring ones listed", async () => {
      const { id } = await newInterpreter();
      const court = await availability().addCredential(id, { name: "Court certified", expiresOn: "2034-04-01" });
      const medical = await availability().addCredential(id, { name: "Medical (CCHI)", expiresOn: null });
      if (!court.ok || !medical.ok) throw new Error("credential refused");
      expect((await availability().of(id))!.credentials).toEqual([
        { id: court.id, name: "Court certified", expiresOn: "2034-04-01" },
        { id: medical.id, name: "Medical (CCHI)", expiresOn: null },
      ]);
      const expiring = await availability().expiring("2034-03-05", "2034-04-04");
      expect(expiring.filter((item) => item.interpreter.id === id)).toEqual([
        { id: court.id, name: "Court certified", expiresOn: "2034-04-01", interpreter: { id, name: expect.stringContaining("Contract Person") } },
      ]);
      // Inclusive at both ends; nothing outside.
      expect((await availability().expiring("2034-04-01", "2034-04-01")).map((item) => item.id)).toContain(court.id);
      expect((await availability().expiring("2034-04-02", "2034-05-01")).map((item) => item.id)).not.toContain(court.id);
      expect(await availability().removeCredential((await newInterpreter()).id, court.id)).toBe(false);
      expect(await availability().removeCredential(id, court.id)).toBe(true);
      expect((await availability().of(id))!.credentials.map((item) => item.id)).toEqual([medical.id]);
    });

    it("candidates: everyone linked to the language, by name, with their availability; the others counted", async () => {
      const created = await backend().languages.create(unique("Lang"));
      if (!created.ok) throw new Error("language refused");
      const languageId = created.language.id;
      const unlinkedBefore = (await availability().candidates(languageId, { from: MONDAY_9, to: MONDAY_9 + HOUR }, 0)).unlinked;
      const [first, second] = [await newInterpreter(), await newInterpreter()];
      expect((await availability().candidates(languageId, { from: MONDAY_9, to: MONDAY_9 + HOUR }, 0)).unlinked).toBe(unlinkedBefore + 2);
      for (const person of [first, second]) await backend().links.link(person.id, languageId);
      await availability().setHours(first.id, WEEK);
      const near = await availability().addTimeOff(first.id, { firstDay: "2034-03-06", lastDay: "2034-03-07", note: "" });
      await availability().addTimeOff(first.id, { firstDay: "2034-06-01", lastDay: "2034-06-02", note: "far away" });
      const court = await availability().addCredential(first.id, { name: "Court certified", expiresOn: null });
      if (!near.ok || !court.ok) throw new Error("refused");

      const answer = await availability().candidates(languageId, { from: MONDAY_9, to: MONDAY_9 + HOUR }, 0);
      expect(answer.unlinked).toBe(unlinkedBefore);
      const names = new Map([
        [first.id, await nameOf(first.email)],
        [second.id, await nameOf(second.email)],
      ]);
      const byName = [first, second].sort((a, b) => (names.get(a.id)! < names.get(b.id)! ? -1 : 1));
      expect(answer.linked.map((candidate) => candidate.id)).toEqual(byName.map((person) => person.id));
      const firstCandidate = answer.linked.find((candidate) => candidate.id === first.id)!;
      expect(firstCandidate).toEqual({
        id: first.id,
        name: names.get(first.id),
        linked: true,
        preferred: false,
        // Only the time off near the span is read.
        availability: {
          hours: WEEK,
          timeOff: [{ id: near.id, firstDay: "2034-03-06", lastDay: "2034-03-07", note: "" }],
          credentials: [{ id: court.id, name: "Court certified", expiresOn: null }],
        },
        busy: [],
      });
      expect(answer.linked.find((candidate) => candidate.id === second.id)!.availability).toEqual({ hours: [], timeOff: [], credentials: [] });
    });

    it("removing an interpreter removes their hours, time off and credentials", async () => {
      const { id } = await newInterpreter();
      await availability().setHours(id, WEEK);
      await availability().addTimeOff(id, { firstDay: "2034-03-06", lastDay: "2034-03-07", note: "" });
      const credential = await availability().addCredential(id, { name: "Expiring", expiresOn: "2034-03-20" });
      if (!credential.ok) throw new Error("refused");
      expect((await backend().interpreters.remove(id)).ok).toBe(true);
      expect(await availability().of(id)).toBeNull();
      expect((await availability().expiring("2034-03-01", "2034-03-31")).map((item) => item.id)).not.toContain(credential.id);
    });
  });
}
