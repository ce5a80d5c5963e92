// The port's contract for interpreters' calendar feeds (issue 25): CalendarFeedStore — one feed per person, replaced by
// a new one, stopped by revoking; found by its token's hash; listing the appointments confirmed to its owner (cancelled
// ones too) from a time, by start. Called from d1.test.ts and supabase.test.ts; it books its own appointments (2038).
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
const START = Date.UTC(2038, 4, 4, 16);

export function describeCalendarFeedsContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const feeds = () => backend().calendarFeeds;
  let languageId = 0;
  const hash = () => sha256Hex(unique("feed-token"));

  /** An appointment confirmed to `interpreterId` (or only offered to them). */
  async function appointment(interpreterId: string, startsAt: number, confirm = true) {
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email: `${unique("ana")}@example.com`, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      Date.now(),
    );
    if (!made.ok) throw new Error(made.reason);
    await backend().offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreterId], expiresAt: startsAt }, Date.now());
    if (confirm) {
      const [offer] = await backend().offers.forAppointment(made.id);
      if (!(await backend().offers.accept(offer!.id, interpreterId, Date.now())).ok) throw new Error("not accepted");
    }
    return made.id;
  }

  describe(`calendar feeds — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("issued, found by its hash, replaced by a new one (the old stops), revoked (found no more)", async () => {
      const { id } = await newInterpreter();
      expect(await feeds().issuedAt(id)).toBeNull();
      const [first, second] = [await hash(), await hash()];
      const now = Date.now();
      expect(await feeds().issue(id, first, now)).toBe(true);
      expect(await feeds().issuedAt(id)).toBe(now);
      expect(await feeds().ownerOf(first)).toBe(id);
      expect(await feeds().issue(id, second, now + 1)).toBe(true);
      expect(await feeds().ownerOf(first)).toBeNull();
      expect(await feeds().ownerOf(second)).toBe(id);
      expect(await feeds().issuedAt(id)).toBe(now + 1);
      expect(await feeds().revoke(id)).toBe(true);
      expect(await feeds().revoke(id)).toBe(false);
      expect(await feeds().ownerOf(second)).toBeNull();
      expect(await feeds().issuedAt(id)).toBeNull();
    });

    it("nobody's feed: an unknown person cannot be issued one; a hash of nothing opens nothing", async () => {
      expect(await feeds().issue("00000000-0000-4000-8000-000000000000", await hash(), Date.now())).toBe(false);
      expect(await feeds().ownerOf(await hash())).toBeNull();
    });

    it("lists the appointments confirmed to its owner from a time, by start, cancelled ones too — not offered ones, not others'", async () => {
      const owner = await newInterpreter();
      const other = await newInterpreter();
      const later = await appointment(owner.id, START + 48 * HOUR);
      const sooner = await appointment(owner.id, START);
      const past = await appointment(owner.id, START - 48 * HOUR);
      const cancelled = await appointment(owner.id, START + 24 * HOUR);
      await appointment(owner.id, START + 72 * HOUR, false);
      await appointment(other.id, START + 12 * HOUR);
      const version = (await backend().appointments.get(cancelled))!.version;
      await backend().appointments.cancel(cancelled, { basedOn: version, by: "staff", reason: "x" }, Date.now());

      const listed = await feeds().appointments(owner.id, START - HOUR);
      expect(listed.map((item) => [item.id, item.status])).toEqual([
        [sooner, "confirmed"],
        [cancelled, "cancelled"],
        [later, "confirmed"],
      ]);
      expect(listed[0]).toMatchObject({ interpreter: { id: owner.id }, startsAt: START, version: 3 });
      expect((await feeds().appointments(owner.id, START - 49 * HOUR)).map((item) => item.id)).toContain(past);
    });

    it("removing the person removes their feed", async () => {
      const person = await newInterpreter();
      const token = await hash();
      await feeds().issue(person.id, token, Date.now());
      expect((await backend().interpreters.remove(person.id)).ok).toBe(true);
      expect(await feeds().ownerOf(token)).toBeNull();
    });
  });
}
