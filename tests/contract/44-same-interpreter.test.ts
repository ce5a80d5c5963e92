// "The same interpreter as last time" on Supabase (issue 27; supabase/migrations/
// 20261205001500_push_appointment_preferred_interpreter.sql), through the adapter against the double: a booking that
// asks for one of the organisation's past interpreters is still ONE push_request_appointment call (with the choice
// and the organisation), read back with the interpreter's name; a choice no database could hold is not sent; the
// candidates mark the interpreter preferred for that appointment. Then /Book as a signed-in requester of Clinic A:
// the page lists Clinic A's past interpreters (one call, its organisation); a post naming Firm B's interpreter is a
// field message before any write; a post naming Pat books with the choice. The same SQL on Postgres:
// tests/rls/same-interpreter.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/availability";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { wallClockOf } from "~/domain/zoned-time";
import * as book from "~/routes/public/book";
import { backendFor, double, languageIdOf, signIn, step, who } from "./helpers";
import { acted, answerOf, routeArgs } from "./route-helpers";

const PASSWORD = "Requester-Pass-1";
const DAY = 86_400_000;
const HOUR = 3_600_000;
let spanish = 0;
let clinic = 0;
let firm = 0;
let pat = "";
let kim = "";
let cookie = "";
let address = 0;

/** A booking of `email` at `startsAt`, asking for `preferred` when given: its id. */
async function booked(email: string, startsAt: number, preferred?: { organisationId: number; interpreterId: string }) {
  const made = await backendFor().appointments.request(
    {
      contact: { name: "Ana Clinic", email, phone: "", organisation: "" },
      ...{ languageId: spanish, mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: startsAt, blockedTo: startsAt + HOUR },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: (address++).toString(16).padStart(64, "e"), tokenSealed: "sealed" },
      ...(preferred ? { preferred } : {}),
    },
    Date.now(),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.id;
}

/** `email`'s appointment a month ago, done by `interpreter`. */
async function pastWork(email: string, interpreter: string) {
  const id = await booked(email, Date.now() - 30 * DAY);
  await double.patch("appointments", { id }, { status: "completed", interpreter_id: interpreter });
}

const preferredOf = async (id: number) =>
  (await double.table<{ id: number; preferred_interpreter_id: string | null }>("appointments")).find((row) => row.id === id)!.preferred_interpreter_id;

beforeAll(async () => {
  await double.reset();
  spanish = await languageIdOf("Spanish");
  const made = await double.people([
    { full_name: "Ana Clinic", email: "ana@clinic-a.example", password: PASSWORD, requesterOf: { organisation: "Clinic A" } },
    { full_name: "Bo Firm", email: "bo@firm-b.example", password: PASSWORD, requesterOf: { organisation: "Firm B" } },
    { full_name: "Pat Same", email: "pat.same@example.com", languages: ["Spanish"] },
    { full_name: "Kim Same", email: "kim.same@example.com", languages: ["Spanish"] },
  ]);
  const [a, b] = made as unknown as { organisation_id: number }[];
  [clinic, firm] = [Number(a!.organisation_id), Number(b!.organisation_id)];
  [pat, kim] = [made[2]!.id, made[3]!.id];
  await pastWork("ana@clinic-a.example", pat);
  await pastWork("bo@firm-b.example", kim);
  cookie = (await signIn("ana@clinic-a.example", PASSWORD)).cookie;
});

describe("the store", () => {
  it("a booking with the choice is one call, kept for Clinic A's past interpreter and read back with the name", async () => {
    const startsAt = Date.UTC(2034, 6, 4, 16);
    const made = await step(() => booked("ana@clinic-a.example", startsAt, { organisationId: clinic, interpreterId: pat }));
    expect(who(made.requests)).toEqual(["rpc.push_next_appointment_id service", "rpc.push_request_appointment service"]);
    expect((await backendFor().appointments.get(made.result))!.preferredInterpreter).toEqual({ id: pat, name: "Pat Same" });
    const candidates = await backendFor().availability.candidates(spanish, { from: startsAt, to: startsAt + HOUR }, made.result);
    expect(candidates.linked.filter((person) => [pat, kim].includes(person.id)).map((person) => [person.id, person.preferred])).toEqual([
      [kim, false],
      [pat, true],
    ]);
    // Firm B's interpreter through Clinic A, or Pat through Firm B: nothing kept.
    expect(await preferredOf(await booked("ana@clinic-a.example", startsAt, { organisationId: clinic, interpreterId: kim }))).toBeNull();
    expect(await preferredOf(await booked("ana@clinic-a.example", startsAt, { organisationId: firm, interpreterId: pat }))).toBeNull();
  });

  it("a choice no database could hold is not sent: the booking is made without it", async () => {
    const made = await step(() => booked("ana@clinic-a.example", Date.UTC(2034, 6, 5, 16), { organisationId: clinic, interpreterId: "not-a-uuid" }));
    expect(who(made.requests)).toEqual(["rpc.push_next_appointment_id service", "rpc.push_request_appointment service"]);
    expect(await preferredOf(made.result)).toBeNull();
  });
});

describe("/Book as Clinic A's requester", () => {
  const day = () => {
    let date = addDays(wallClockOf(Date.now(), COMPANY_TIME_ZONE).date, 9);
    while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 2) date = addDays(date, 1);
    return date;
  };
  const post = (fields: Record<string, string>) => {
    address++;
    const body = new URLSearchParams({
      ...{ language: String(spanish), mode: "video", setting: "business", date: day(), time: "10:00", duration: "60", address: "", callNumber: "" },
      ...{ name: "Ana Clinic", email: "ana@clinic-a.example", phone: "+1 307 555 0100", organisation: "", notes: "", gender: "", consent: "on" },
      ...fields,
    });
    const headers = { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `10.244.0.${address % 250}` };
    return acted(book.action, routeArgs("/Book", cookie, { method: "POST", headers, body }));
  };

  it("lists Clinic A's past interpreters: one call naming its organisation", async () => {
    const shown = await step(() => book.loader(routeArgs("/Book", cookie).args));
    const { data } = shown.result as unknown as { data: { options: { pastInterpreters: { id: string; name: string }[] } } };
    expect(data.options.pastInterpreters).toEqual([{ id: pat, name: "Pat Same" }]);
    expect(who(shown.requests).filter((line) => line.startsWith("rpc.push_past_interpreters"))).toEqual(["rpc.push_past_interpreters service"]);
  });

  it("a post naming Firm B's interpreter is a field message before any write", async () => {
    const refused = await post({ sameInterpreter: kim });
    expect(answerOf(refused.result)).toMatchObject({
      status: 400,
      errors: { sameInterpreter: "Please choose someone from the list of your organisation's past interpreters." },
    });
    expect(who(refused.requests).filter((line) => /push_(next_appointment_id|request_appointment)/.test(line))).toEqual([]);
  });

  it("a post naming Pat books with the choice", async () => {
    const before = (await double.table("appointments")).length;
    const answer = await post({ sameInterpreter: pat });
    expect(answerOf(answer.result).status).toBe(302);
    const rows = await double.table<{ id: number; preferred_interpreter_id: string | null }>("appointments");
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.preferred_interpreter_id).toBe(pat);
  });
});
