// Ratings on Supabase (issue 27, build item 4; supabase/migrations/20261205001400_push_ratings.sql), through the routes
// and the adapter against the double: a requester of Clinic A rates their organisation's past appointment (one call of
// push_rate with the service-role key, after push_rating_of has found the item), bad input is a 400 that rates nothing, a rating
// is fixed after 7 days (409), Firm B's requester gets a 404 for it and stores nothing; staff read the interpreter's
// figures (push_interpreter_ratings) and the overview's low ratings (push_low_ratings), the interpreter their own
// average (push_own_rating). The same SQL on Postgres: tests/rls/ratings.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import * as ratePage from "~/routes/account/rate";
import * as interpreterPage from "~/routes/dashboard/interpreter";
import * as jobsPage from "~/routes/dashboard/jobs";
import * as overviewPage from "~/routes/dashboard/overview";
import { ADMIN, INTERPRETER, backendFor, double, idOf, languageIdOf, signIn, step, who } from "./helpers";
import { acted, answerOf, form, refusedStatus, routeArgs } from "./route-helpers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = "Requester-Pass-1";
let clinic = "";
let firm = "";
let interpreterId = "";
let appointmentId = 0;

const pathOf = () => `/Account/Rate/appointment/${appointmentId}`;
const params = () => ({ kind: "appointment", id: String(appointmentId) });
const get = (cookie: string) => routeArgs(pathOf(), cookie, {}, params()).args;
const post = (cookie: string, fields: Record<string, string>) => routeArgs(pathOf(), cookie, form(fields), params());
const ratingsInTable = () => double.table<{ appointment_id: number; score: number; comment: string; created_at: string }>("ratings");
/** The calls of the ratings' functions among a step's requests (the guards' own are other tests' business). */
const rpcCalls = (requests: Parameters<typeof who>[0]) =>
  who(requests).filter((line) => /^rpc\.push_(rate|rating_of|own_rating|interpreter_ratings|low_ratings) /.test(line));

beforeAll(async () => {
  await double.reset();
  await double.people([
    { full_name: "Rana", email: "rana@clinic-a.example", password: PASSWORD, requesterOf: { organisation: "Clinic A" } },
    { full_name: "Desk", email: "desk@firm-b.example", password: PASSWORD, requesterOf: { organisation: "Firm B" } },
  ]);
  clinic = (await signIn("rana@clinic-a.example", PASSWORD)).cookie;
  firm = (await signIn("desk@firm-b.example", PASSWORD)).cookie;
  interpreterId = await idOf(INTERPRETER);
  // Clinic A's video appointment two days ago, confirmed to the sample interpreter.
  const startsAt = Math.floor((Date.now() - 2 * DAY) / HOUR) * HOUR;
  const backend = backendFor();
  const made = await backend.appointments.request(
    {
      contact: { name: "Rana", email: "rana@clinic-a.example", phone: "", organisation: "" },
      ...{ languageId: await languageIdOf("Spanish"), mode: "video", setting: "medical", startsAt, minutes: 60 },
      ...{ blockedFrom: startsAt, blockedTo: startsAt + HOUR, address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: "f".repeat(64), tokenSealed: "sealed" },
    },
    startsAt - 10 * DAY,
  );
  if (!made.ok) throw new Error(made.reason);
  appointmentId = made.id;
  await backend.offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreterId], expiresAt: startsAt }, startsAt - 9 * DAY);
  const [offer] = await backend.offers.forAppointment(made.id);
  if (!(await backend.offers.accept(offer!.id, interpreterId, startsAt - 8 * DAY)).ok) throw new Error("not accepted");
});

describe("a requester rates an appointment", () => {
  it("the page reads the item of their organisation in one call; rating it is one call of push_rate, back to the page", async () => {
    const shown = await step(() => ratePage.loader(get(clinic)));
    expect(shown.result).toMatchObject({ state: "open", view: { item: { kind: "appointment", id: String(appointmentId), done: true }, rating: null } });
    expect(rpcCalls(shown.requests)).toEqual(["rpc.push_rating_of service"]);

    const rated = await acted(ratePage.action, post(clinic, { score: "4", comment: "Clear and kind." }));
    expect(answerOf(rated.result)).toEqual({ status: 302, location: pathOf() });
    expect(rpcCalls(rated.requests)).toEqual(["rpc.push_rating_of service", "rpc.push_rate service"]);
    expect(await ratingsInTable()).toMatchObject([{ appointment_id: appointmentId, score: 4, comment: "Clear and kind." }]);
  });

  it("bad input is a 400 with the field's message, and push_rate is not called", async () => {
    const refused = await acted(ratePage.action, post(clinic, { score: "6", comment: "" }));
    expect(answerOf(refused.result)).toMatchObject({ status: 400, errors: { score: "Choose a score from 1 to 5." } });
    expect(rpcCalls(refused.requests)).toEqual(["rpc.push_rating_of service"]);
  });

  it("Firm B's requester gets a 404 for it, to read and to rate, and nothing changes", async () => {
    expect(await refusedStatus(() => ratePage.loader(get(firm)))).toBe(404);
    const { args } = post(firm, { score: "1", comment: "Not ours" });
    expect(await refusedStatus(() => ratePage.action(args))).toBe(404);
    expect(await ratingsInTable()).toMatchObject([{ score: 4, comment: "Clear and kind." }]);
  });

  it("staff read it on the interpreter's page and a low one on the overview; the interpreter their own average", async () => {
    const admin = (await signIn(ADMIN)).cookie;
    const page = await step(() => interpreterPage.loader(routeArgs(`/Dashboard/Interpreter/${interpreterId}`, admin, {}, { userId: interpreterId }).args));
    expect(page.result.ratings).toMatchObject({ average: 4, count: 1, latest: [{ score: 4, comment: "Clear and kind.", organisationName: "Clinic A" }] });
    expect(rpcCalls(page.requests)).toEqual(["rpc.push_interpreter_ratings service"]);

    const changed = await acted(ratePage.action, post(clinic, { score: "2", comment: "On reflection, late." }));
    expect(answerOf(changed.result)).toMatchObject({ status: 302 });
    const overview = await step(() => overviewPage.loader(routeArgs("/Dashboard", admin).args));
    expect(overview.result.lowRatings).toMatchObject({ ok: true, value: { total: 1, items: [{ score: 2, interpreterId, organisationName: "Clinic A" }] } });
    expect(rpcCalls(overview.requests)).toEqual(["rpc.push_low_ratings service"]);

    const interpreter = (await signIn(INTERPRETER)).cookie;
    const jobs = await step(() => jobsPage.loader(routeArgs("/Dashboard/Jobs", interpreter).args));
    expect(jobs.result.ownRating).toEqual({ ok: true, value: { average: 2, count: 1 } });
    expect(rpcCalls(jobs.requests)).toEqual(["rpc.push_own_rating service"]);
  });

  it("is fixed 7 days after it was first given: the page shows it read-only, and a post is a 409 that changes nothing", async () => {
    const [row] = await ratingsInTable();
    await double.patch("ratings", { appointment_id: appointmentId }, { created_at: new Date(Date.parse(row!.created_at) - 8 * DAY).toISOString() });
    expect((await ratePage.loader(get(clinic))).state).toBe("locked");
    const refused = await acted(ratePage.action, post(clinic, { score: "5", comment: "" }));
    expect(answerOf(refused.result)).toMatchObject({ status: 409, formError: "This rating can no longer be changed." });
    expect(await ratingsInTable()).toMatchObject([{ score: 2, comment: "On reflection, late." }]);
    expect((await backendFor().ratings.ownAverage(interpreterId)).count).toBe(1);
  });
});
