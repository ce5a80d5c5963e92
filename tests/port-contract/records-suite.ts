// The port's contract for after-the-appointment records (issue 25): RecordStore — the assigned interpreter records
// the actual times or a no-show once the appointment has started (replacing theirs until approved); staff approve it
// as it is or corrected, which completes the appointment in the same write; a page's records are read at once.
// Called from d1.test.ts and supabase.test.ts; it books and confirms its own appointments (in the past, 2020, so they
// have started).
import { beforeAll, describe, expect, it } from "vitest";
import { RECORDS_AT_ONCE } from "~/backend/port-records.server";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
const PAST = Date.UTC(2020, 5, 2, 16);

export function describeRecordsContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const records = () => backend().records;
  let languageId = 0;

  /** An appointment at `startsAt` confirmed to a new interpreter (offers run before the start, at `startsAt - 2 h`). */
  async function confirmed(startsAt: number) {
    const person = await newInterpreter();
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "on_site" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email: `${unique("ana")}@example.com`, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "on_site", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      startsAt - 3 * HOUR,
    );
    if (!made.ok) throw new Error(made.reason);
    await backend().offers.offer(made.id, { basedOn: 1, interpreterIds: [person.id], expiresAt: startsAt }, startsAt - 2 * HOUR);
    const [offer] = await backend().offers.forAppointment(made.id);
    if (!(await backend().offers.accept(offer!.id, person.id, startsAt - HOUR)).ok) throw new Error("not accepted");
    return { id: made.id, interpreter: person.id };
  }
  const times = (start: number, minutes: number, travel = 0) => ({
    actualStart: start,
    actualEnd: start + minutes * 60_000,
    travelMinutes: travel,
    noShow: null,
  });

  describe(`after-the-appointment records — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("the interpreter records, and records again until approved; staff approve with a correction: completed, version + 1", async () => {
      const { id, interpreter } = await confirmed(PAST);
      expect(await records().of(id)).toBeNull();
      expect(await records().record(id, interpreter, times(PAST, 70, 25), PAST + 2 * HOUR)).toEqual({ ok: true });
      expect(await records().record(id, interpreter, times(PAST + 5 * 60_000, 65, 20), PAST + 3 * HOUR)).toEqual({ ok: true });
      expect(await records().of(id)).toEqual({
        appointmentId: id,
        ...times(PAST + 5 * 60_000, 65, 20),
        recordedBy: interpreter,
        recordedAt: PAST + 3 * HOUR,
        approvedBy: null,
        approvedAt: null,
      });
      const approved = await records().approve(id, { basedOn: 3, entry: times(PAST + 5 * 60_000, 60, 20), by: "admin@example.com" }, PAST + 4 * HOUR);
      expect(approved).toEqual({ ok: true, version: 4 });
      expect(await backend().appointments.get(id)).toMatchObject({ status: "completed", version: 4 });
      expect(await records().of(id)).toMatchObject({
        ...times(PAST + 5 * 60_000, 60, 20),
        recordedBy: interpreter,
        approvedBy: "admin@example.com",
        approvedAt: PAST + 4 * HOUR,
      });
      // Approved: the interpreter's record is closed, and a second approval finds it completed.
      expect(await records().record(id, interpreter, times(PAST, 90), PAST + 5 * HOUR)).toEqual({ ok: false, reason: "approved" });
      expect(await records().approve(id, { basedOn: 4, entry: times(PAST, 90), by: "x" }, PAST + 5 * HOUR)).toEqual({ ok: false, reason: "not-confirmed" });
    });

    it("a no-show is recorded with no times; staff can approve without any record", async () => {
      const first = await confirmed(PAST + 24 * HOUR);
      const noShow = { actualStart: null, actualEnd: null, travelMinutes: 40, noShow: "customer" as const };
      expect(await records().record(first.id, first.interpreter, noShow, PAST + 26 * HOUR)).toEqual({ ok: true });
      expect(await records().of(first.id)).toMatchObject(noShow);
      const second = await confirmed(PAST + 48 * HOUR);
      expect(await records().approve(second.id, { basedOn: 3, entry: times(PAST + 48 * HOUR, 60), by: "admin@example.com" }, PAST + 50 * HOUR)).toEqual({
        ok: true,
        version: 4,
      });
      expect(await records().of(second.id)).toMatchObject({ recordedBy: "admin@example.com", approvedBy: "admin@example.com" });
    });

    it("refused: someone else's appointment, one not started, a stale approval — each storing nothing", async () => {
      const { id, interpreter } = await confirmed(PAST + 72 * HOUR);
      const stranger = await newInterpreter();
      expect(await records().record(id, stranger.id, times(PAST + 72 * HOUR, 60), PAST + 74 * HOUR)).toEqual({ ok: false, reason: "not-found" });
      expect(await records().record(id, interpreter, times(PAST + 72 * HOUR, 60), PAST + 71 * HOUR)).toEqual({ ok: false, reason: "not-started" });
      expect(await records().record(id + 100_000, interpreter, times(PAST, 60), PAST + 74 * HOUR)).toEqual({ ok: false, reason: "not-found" });
      expect(await records().approve(id, { basedOn: 2, entry: times(PAST + 72 * HOUR, 60), by: "x" }, PAST + 74 * HOUR)).toEqual({
        ok: false,
        reason: "stale",
      });
      expect(await records().approve(id, { basedOn: 3, entry: times(PAST + 72 * HOUR, 60), by: "x" }, PAST + 71 * HOUR)).toEqual({
        ok: false,
        reason: "not-started",
      });
      expect(await records().of(id)).toBeNull();
      expect((await backend().appointments.get(id))!.status).toBe("confirmed");
    });

    it("the database refuses an end before the start, times with a no-show, or a start without an end", async () => {
      const { id, interpreter } = await confirmed(PAST + 96 * HOUR);
      await expect(
        records().record(id, interpreter, { actualStart: PAST + 96 * HOUR, actualEnd: PAST + 95 * HOUR, travelMinutes: 0, noShow: null }, PAST + 98 * HOUR),
      ).rejects.toThrow();
      await expect(
        records().record(id, interpreter, { actualStart: PAST, actualEnd: PAST + HOUR, travelMinutes: 0, noShow: "interpreter" } as never, PAST + 98 * HOUR),
      ).rejects.toThrow();
      // A start without an end (a NULL end must not slip past "the end after the start").
      await expect(
        records().record(id, interpreter, { actualStart: PAST + 96 * HOUR, actualEnd: null, travelMinutes: 0, noShow: null } as never, PAST + 98 * HOUR),
      ).rejects.toThrow();
      expect(await records().of(id)).toBeNull();
    });

    it("an approval the database refuses (an end at the start) completes nothing: the appointment stays confirmed at its version", async () => {
      const { id, interpreter } = await confirmed(PAST + 120 * HOUR);
      await records().record(id, interpreter, times(PAST + 120 * HOUR, 60), PAST + 122 * HOUR);
      const entry = { actualStart: PAST + 120 * HOUR, actualEnd: PAST + 120 * HOUR, travelMinutes: 0, noShow: null };
      await expect(records().approve(id, { basedOn: 3, entry, by: "admin@example.com" }, PAST + 123 * HOUR)).rejects.toThrow();
      expect(await backend().appointments.get(id)).toMatchObject({ status: "confirmed", version: 3 });
      expect(await records().of(id)).toMatchObject({ ...times(PAST + 120 * HOUR, 60), approvedBy: null, approvedAt: null });
    });

    it("ofMany: the records of the appointments asked for (each once), in any order, those without one left out; none asked, none", async () => {
      const [recorded, approved, unrecorded] = [await confirmed(PAST + 144 * HOUR), await confirmed(PAST + 168 * HOUR), await confirmed(PAST + 192 * HOUR)];
      await records().record(recorded.id, recorded.interpreter, times(PAST + 144 * HOUR, 45, 15), PAST + 146 * HOUR);
      await records().approve(approved.id, { basedOn: 3, entry: times(PAST + 168 * HOUR, 30), by: "admin@example.com" }, PAST + 170 * HOUR);
      const many = await records().ofMany([unrecorded.id, approved.id, recorded.id, approved.id, recorded.id + 100_000]);
      const byId = [...many].sort((a, b) => a.appointmentId - b.appointmentId);
      expect(byId).toEqual([await records().of(recorded.id), await records().of(approved.id)]);
      expect(byId.map((record) => [record.appointmentId, record.approvedAt])).toEqual([
        [recorded.id, null],
        [approved.id, PAST + 170 * HOUR],
      ]);
      expect(await records().ofMany([unrecorded.id])).toEqual([]);
      expect(await records().ofMany([])).toEqual([]);
    });

    it(`ofMany reads ${RECORDS_AT_ONCE} appointments at once (a repeated id counted once), and refuses more`, async () => {
      const { id, interpreter } = await confirmed(PAST + 216 * HOUR);
      await records().record(id, interpreter, times(PAST + 216 * HOUR, 60), PAST + 218 * HOUR);
      const others = Array.from({ length: RECORDS_AT_ONCE - 1 }, (_, index) => id + 100_000 + index);
      expect((await records().ofMany([id, ...others, id])).map((record) => record.appointmentId)).toEqual([id]);
      await expect(records().ofMany([id, ...others, id + 200_000])).rejects.toThrow(RangeError);
    });
  });
}
