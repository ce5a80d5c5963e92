// The port's contract for the call log (issue 14): CallLogStore as seen through the port. Called from
// tests/port-contract/d1.test.ts and supabase.test.ts, so both adapters are held to the same behaviour. It needs the
// sample content (languages, people). Each test works on calls of its own company days (in 2031), so the tests do not
// see each other's calls; the expected day boundaries are written out in UTC, not computed by the code under test.
import { beforeAll, describe, expect, it } from "vitest";
import type { CallLogEntry, CallLogFilter } from "~/domain/call-log";
import { ORIGIN, type ContractTarget } from "./target";

const NONE: CallLogFilter = { from: null, to: null, languageId: null, interpreterId: null };
/** A January 2031 day of the company's calendar (Wyoming, MST = UTC-7) starts at 07:00 UTC. */
const january = (day: number, hours = 0) => Date.UTC(2031, 0, day, 7 + hours);
const dayOf = (day: number) => `2031-01-${String(day).padStart(2, "0")}`;
const only = (day: number): CallLogFilter => ({ ...NONE, from: dayOf(day), to: dayOf(day) });
const ids = (entries: CallLogEntry[]) => entries.map((entry) => entry.id);

export function describeCallsContract(target: ContractTarget) {
  const backend = () => target.backendFor(new Request(`${ORIGIN}/Dashboard/Calls`));
  const calls = () => backend().calls;
  let languages: { id: number; name: string }[] = [];
  let people: { id: string; fullName: string }[] = [];

  /** An answered video call of the first language, taken by the first person, requested at `requestedAt`. */
  const call = (requestedAt: number, overrides: Partial<CallLogEntry> = {}): CallLogEntry => ({
    id: crypto.randomUUID(),
    languageId: languages[0]!.id,
    language: languages[0]!.name,
    type: "video",
    callerName: "Lena Park",
    customerId: null,
    interpreterId: people[0]!.id,
    interpreterName: people[0]!.fullName,
    outcome: "answered",
    requestedAt,
    answeredAt: requestedAt + 12_345,
    endedAt: requestedAt + 312_345,
    ...overrides,
  });
  /** A call nobody answered: no interpreter, no answer. */
  const unanswered = (requestedAt: number, overrides: Partial<CallLogEntry> = {}) =>
    call(requestedAt, { interpreterId: null, interpreterName: null, outcome: "missed", answeredAt: null, endedAt: requestedAt + 45_000, ...overrides });
  const record = async (...entries: CallLogEntry[]) => {
    for (const entry of entries) await calls().record(entry);
  };

  describe(`the call log — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languages = await backend().languages.list();
      people = (await backend().interpreters.find({ text: "", languageIds: [], limit: 100 })).map(({ id, fullName }) => ({ id, fullName }));
      expect(languages.length).toBeGreaterThan(2);
      expect(people.length).toBeGreaterThan(1);
    });

    it("lists a recorded call with every field as it was recorded", async () => {
      const entry = call(january(6, 3) + 123, { type: "audio", callerName: "Omar Said — مكالمة", customerId: 77 });
      await record(entry);
      expect(await calls().page(only(6), null, 50)).toEqual([entry]);
    });

    it("round-trips unanswered calls: no interpreter, no answer, maybe no language", async () => {
      const missed = unanswered(january(7, 2));
      const callback = unanswered(january(7, 1), { outcome: "callback", languageId: null, language: "Somali" });
      const cancelled = unanswered(january(7, 0) + 1, { outcome: "cancelled", endedAt: january(7, 0) + 2 });
      await record(missed, callback, cancelled);
      expect(await calls().page(only(7), null, 50)).toEqual([missed, callback, cancelled]);
    });

    it("leaves a call recorded again (the same id) as it was", async () => {
      const entry = call(january(8, 5));
      await record(entry);
      await expect(
        calls().record({ ...entry, outcome: "missed", answeredAt: null, callerName: "Someone else", endedAt: entry.endedAt + 1 }),
      ).resolves.toBeUndefined();
      expect(await calls().page(only(8), null, 50)).toEqual([entry]);
      await expect(calls().record(entry)).resolves.toBeUndefined();
      expect(await calls().page(only(8), null, 50)).toEqual([entry]);
    });

    it("lists newest first (calls requested at the same instant by id), at most `limit`", async () => {
      const at = january(9, 4);
      const [first, second] = [crypto.randomUUID(), crypto.randomUUID()].sort();
      const oldest = call(at);
      const tieA = call(at + 1000, { id: first! });
      const tieB = unanswered(at + 1000, { id: second! });
      const newest = call(at + 60_000);
      await record(tieB, oldest, newest, tieA);
      expect(ids(await calls().page(only(9), null, 50))).toEqual([newest.id, tieA.id, tieB.id, oldest.id]);
      expect(ids(await calls().page(only(9), null, 2))).toEqual([newest.id, tieA.id]);
      expect(ids(await calls().page(only(9), null, 1))).toEqual([newest.id]);
      // Keyset pages (issue 23): each starts after the last call of the page before, through the tie by id.
      const cursor = (entry: CallLogEntry) => ({ requestedAt: entry.requestedAt, id: entry.id });
      expect(ids(await calls().page(only(9), cursor(newest), 2))).toEqual([tieA.id, tieB.id]);
      expect(ids(await calls().page(only(9), cursor(tieA), 2))).toEqual([tieB.id, oldest.id]);
      expect(ids(await calls().page(only(9), cursor(oldest), 2))).toEqual([]);
    });

    it("counts the totals over every call the filter matches, not over a page (issue 23)", async () => {
      const at = january(14, 2);
      // Waits of 10, 20, 30 and 40 s (median 25 s); talk of 1, 2, 3 and 4 minutes; two missed calls.
      const answered = [1, 2, 3, 4].map((n) =>
        call(at + n * 60_000, { answeredAt: at + n * 60_000 + n * 10_000, endedAt: at + n * 60_000 + n * 10_000 + n * 60_000 }),
      );
      const missed = [unanswered(at + 300_000), unanswered(at + 360_000, { outcome: "cancelled" })];
      await record(...answered, ...missed);
      expect(await calls().totals(only(14))).toEqual({ calls: 6, answered: 4, answerRate: 4 / 6, medianWaitMs: 25_000, talkMinutes: 10 });
      expect(await calls().totals({ ...only(14), languageId: 987_654 })).toEqual({
        calls: 0,
        answered: 0,
        answerRate: null,
        medianWaitMs: null,
        talkMinutes: 0,
      });
      // An odd number: the middle wait.
      await record(call(at + 420_000, { answeredAt: at + 420_000 + 5_000, endedAt: at + 420_000 + 65_000 }));
      expect(await calls().totals(only(14))).toMatchObject({ calls: 7, answered: 5, medianWaitMs: 20_000, talkMinutes: 11 });
    });

    it("filters from/to by whole company days: the first and last millisecond are in, their neighbours out", async () => {
      // 2031-03-08 (MST, UTC-7) to 2031-03-09, the day daylight saving time starts: it ends at 00:00 MDT (UTC-6).
      const start = Date.UTC(2031, 2, 8, 7);
      const end = Date.UTC(2031, 2, 10, 6);
      const before = unanswered(start - 1);
      const first = unanswered(start);
      const last = unanswered(end - 1, { endedAt: end + 10 });
      const after = unanswered(end);
      await record(after, first, before, last);
      const range = { ...NONE, from: "2031-03-08", to: "2031-03-09" };
      expect(ids(await calls().page(range, null, 50))).toEqual([last.id, first.id]);
      expect(ids(await calls().page({ ...range, to: null }, null, 50))).toEqual([after.id, last.id, first.id]);
      const untilTo = ids(await calls().page({ ...range, from: null }, null, 500));
      expect(untilTo.slice(0, 3)).toEqual([last.id, first.id, before.id]);
      expect(untilTo).not.toContain(after.id);
      expect(ids(await calls().page({ ...NONE, from: "2031-03-10", to: "2031-03-10" }, null, 50))).toEqual([after.id]);
    });

    it("filters by language and by interpreter, alone or together", async () => {
      const [one, two, three] = languages as [(typeof languages)[0], (typeof languages)[0], (typeof languages)[0]];
      const [me, other] = people as [(typeof people)[0], (typeof people)[0]];
      const a = call(january(10, 4), { languageId: one.id, language: one.name, interpreterId: me.id, interpreterName: me.fullName });
      const b = call(january(10, 3), { languageId: two.id, language: two.name, interpreterId: me.id, interpreterName: me.fullName });
      const c = call(january(10, 2), { languageId: one.id, language: one.name, interpreterId: other.id, interpreterName: other.fullName });
      const d = unanswered(january(10, 1), { languageId: one.id, language: one.name });
      await record(a, b, c, d);
      const day = only(10);
      expect(ids(await calls().page({ ...day, languageId: one.id }, null, 50))).toEqual([a.id, c.id, d.id]);
      expect(ids(await calls().page({ ...day, languageId: two.id }, null, 50))).toEqual([b.id]);
      expect(await calls().page({ ...day, languageId: three.id }, null, 50)).toEqual([]);
      expect(ids(await calls().page({ ...day, interpreterId: me.id }, null, 50))).toEqual([a.id, b.id]);
      expect(ids(await calls().page({ ...day, interpreterId: other.id }, null, 50))).toEqual([c.id]);
      expect(await calls().page({ ...day, languageId: one.id, interpreterId: me.id }, null, 50)).toEqual([a]);
      expect(await calls().page({ ...day, interpreterId: "not-a-user" }, null, 50)).toEqual([]);
    });

    it("keeps a call whose language or interpreter is removed later, with their names and without their ids", async () => {
      const suffix = crypto.randomUUID().slice(0, 8);
      const language = await backend().languages.create(`Calls ${suffix}`);
      const person = await backend().interpreters.create({
        fullName: `Call Taker ${suffix}`,
        gender: "Woman",
        email: `call-taker-${suffix}@example.com`,
        phone: "+1 307 555 0177",
        password: "call-taker-password-1",
      });
      if (!language.ok || !person.ok) throw new Error("could not create the language or the interpreter");
      const entry = call(january(11, 6), {
        languageId: language.language.id,
        language: language.language.name,
        interpreterId: person.id,
        interpreterName: `Call Taker ${suffix}`,
      });
      await record(entry);
      expect((await backend().languages.remove(language.language.id)).ok).toBe(true);
      expect((await backend().interpreters.remove(person.id)).ok).toBe(true);
      expect(await calls().page(only(11), null, 50)).toEqual([{ ...entry, languageId: null, interpreterId: null }]);
    });
  });
}
