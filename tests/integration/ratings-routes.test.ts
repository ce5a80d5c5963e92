// The rating page (issue 27, build item 4) against a real D1, called the way React Router calls it: a requester of
// Clinic A rates their organisation's past appointment once (a 302 with a toast), changes it within 7 days and is
// refused after (the first rating's time moved back: a controlled clock), cannot rate what has not happened yet, and
// gets a 404 for Firm B's appointment, which they cannot rate either; bad input is a 400 that stores nothing; staff get
// 403 and an anonymous visitor the sign-in page. Staff then read the interpreter's figures and the low rating, and the
// interpreter their own average.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import * as ratePage from "~/routes/account/rate";
import * as interpreterPage from "~/routes/dashboard/interpreter";
import * as jobsPage from "~/routes/dashboard/jobs";
import * as overviewPage from "~/routes/dashboard/overview";
import { asResponse, backendFor, cookieOf, count, failure, idOf, languageId, redirected, seed, statusOf, thrown } from "./helpers";
import { addRequester, type Requester } from "./requester-fixture";
import { addressesIn, browser, ORIGIN } from "./requests";

// The 10.135.x.x range is this file's own.
const { get, post } = browser({ addresses: addressesIn(135), headers: { Origin: ORIGIN } });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let clinic: Requester;
let firm: Requester;
let clinicCookie = "";
let firmCookie = "";
let past = 0;
let firmPast = 0;
let future = 0;
let slot = 0;

/** An appointment booked by `email`, `fromNow` away, confirmed to the sample interpreter: its id. */
async function appointment(email: string, fromNow: number) {
  const backend = backendFor();
  const startsAt = Math.floor((Date.now() + fromNow) / HOUR) * HOUR + slot++ * 2 * HOUR;
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
  const made = await backend.appointments.request(
    {
      contact: { name: "Rana", email, phone: "+1 303 555 0100", organisation: "" },
      ...{ languageId: await languageId("Spanish"), mode: "video", setting: "medical", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: await sha256Hex(crypto.randomUUID()), tokenSealed: "sealed" },
    },
    startsAt - 30 * DAY,
  );
  if (!made.ok) throw new Error(made.reason);
  const interpreter = await idOf("interpreter@example.com");
  await backend.offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreter], expiresAt: startsAt }, startsAt - 20 * DAY);
  const [offer] = await backend.offers.forAppointment(made.id);
  if (!(await backend.offers.accept(offer!.id, interpreter, startsAt - 19 * DAY)).ok) throw new Error("not accepted");
  return made.id;
}

const pathOf = (id: number, locale = "") => `${locale}/Account/Rate/appointment/${id}`;
const params = (id: number | string, kind = "appointment") => ({ params: { kind, id: String(id) } });
const ratingsOf = (id: number) => count("SELECT COUNT(*) AS n FROM ratings WHERE appointment_id = ?", id);
const stored = (id: number) =>
  env.DB.prepare("SELECT score, comment, created_at FROM ratings WHERE appointment_id = ?")
    .bind(id)
    .first<{ score: number; comment: string; created_at: number }>();

beforeAll(async () => {
  await seed();
  clinic = await addRequester({ organisation: "Clinic A", email: "rana@clinic-a.example", name: "Rana" });
  firm = await addRequester({ organisation: "Firm B", email: "desk@firm-b.example", name: "Desk" });
  clinicCookie = await cookieOf(clinic.email, clinic.password);
  firmCookie = await cookieOf(firm.email, firm.password);
  past = await appointment(clinic.email, -3 * DAY);
  firmPast = await appointment(firm.email, -3 * DAY);
  future = await appointment(clinic.email, 3 * DAY);
});

describe("rating an appointment", () => {
  it("shows the requester their organisation's past appointment with the form; rating it stores it once; a change replaces it", async () => {
    const page = await ratePage.loader(get(pathOf(past), clinicCookie, params(past)));
    expect(page).toMatchObject({ state: "open", view: { item: { kind: "appointment", id: String(past), done: true }, rating: null } });

    const saved = await redirected(await ratePage.action(post(pathOf(past), { score: "4", comment: "  Clear and kind.  " }, clinicCookie, params(past))));
    expect(saved).toMatchObject({ location: pathOf(past), toast: { type: "success", message: "Thank you: your rating is saved." } });
    expect(await stored(past)).toMatchObject({ score: 4, comment: "Clear and kind." });

    // Six days later (the first rating's time moved back), a change is still taken, and replaces it.
    await env.DB.prepare("UPDATE ratings SET created_at = created_at - ? WHERE appointment_id = ?")
      .bind(6 * DAY, past)
      .run();
    await redirected(await ratePage.action(post(pathOf(past), { score: "5", comment: "" }, clinicCookie, params(past))));
    expect(await stored(past)).toMatchObject({ score: 5, comment: "" });
    expect(await ratingsOf(past)).toBe(1);
    const again = await ratePage.loader(get(pathOf(past), clinicCookie, params(past)));
    expect(again).toMatchObject({ state: "open", view: { rating: { score: 5, comment: "" } } });
  });

  it("refuses bad input with the field's message in the page's language, storing nothing", async () => {
    const before = await stored(past);
    for (const [fields, field] of [
      [{ score: "9", comment: "" }, "score"],
      [{ score: "", comment: "" }, "score"],
      [{ score: "2.5", comment: "" }, "score"],
      [{ score: "3", comment: "x".repeat(1001) }, "comment"],
    ] as const) {
      const refused = failure(await ratePage.action(post(pathOf(past), fields, clinicCookie, params(past))));
      expect(refused.status).toBe(400);
      expect(refused.errors[field], JSON.stringify(fields)).toBeTruthy();
    }
    const arabic = failure(await ratePage.action(post(pathOf(past, "/ar"), { score: "0" }, clinicCookie, params(past))));
    expect(arabic.errors.score).toBe("اختر درجة من 1 إلى 5.");
    expect(await stored(past)).toEqual(before);
  });

  it("is fixed 7 days after it was first given: read-only, and a post is refused (409) changing nothing", async () => {
    await env.DB.prepare("UPDATE ratings SET created_at = created_at - ? WHERE appointment_id = ?")
      .bind(DAY + 1, past)
      .run();
    const before = await stored(past);
    expect(await ratePage.loader(get(pathOf(past), clinicCookie, params(past)))).toMatchObject({ state: "locked" });
    const refused = failure(await ratePage.action(post(pathOf(past), { score: "1", comment: "Too late" }, clinicCookie, params(past))));
    expect(refused).toMatchObject({ status: 409, formError: "This rating can no longer be changed." });
    expect(await stored(past)).toEqual(before);
  });

  it("cannot rate what has not happened yet", async () => {
    expect(await ratePage.loader(get(pathOf(future), clinicCookie, params(future)))).toMatchObject({ state: "not-yet" });
    const refused = failure(await ratePage.action(post(pathOf(future), { score: "5", comment: "" }, clinicCookie, params(future))));
    expect(refused).toMatchObject({ status: 409, formError: "This cannot be rated yet." });
    expect(await ratingsOf(future)).toBe(0);
  });

  it("another organisation's appointment is a 404 to read and to rate, and nothing is stored", async () => {
    expect(statusOf(await thrown(() => ratePage.loader(get(pathOf(firmPast), clinicCookie, params(firmPast)))))).toBe(404);
    expect(statusOf(await thrown(() => ratePage.action(post(pathOf(firmPast), { score: "1", comment: "" }, clinicCookie, params(firmPast)))))).toBe(404);
    expect(statusOf(await thrown(() => ratePage.loader(get(pathOf(past), firmCookie, params(past)))))).toBe(404);
    expect(await ratingsOf(firmPast)).toBe(0);
    for (const [kind, id] of [
      ["appointment", "0"],
      ["appointment", "abc"],
      ["appointment", "99999999"],
      ["order", String(past)],
      ["call", "no-such-call"],
    ]) {
      expect(statusOf(await thrown(() => ratePage.loader(get(`/Account/Rate/${kind}/${id}`, clinicCookie, params(id!, kind))))), `${kind}/${id}`).toBe(404);
    }
  });

  it("staff get 403, an anonymous visitor the sign-in page", async () => {
    const admin = await cookieOf("admin@example.com");
    expect(statusOf(await thrown(() => ratePage.loader(get(pathOf(past), admin, params(past)))))).toBe(403);
    expect(statusOf(await thrown(() => ratePage.action(post(pathOf(past), { score: "1" }, admin, params(past)))))).toBe(403);
    const anonymous = asResponse(await thrown(() => ratePage.loader(get(pathOf(past), undefined, params(past)))));
    expect(anonymous.headers.get("Location")).toMatch(/^\/Login\?redirectTo=/);
  });
});

describe("what staff and the interpreter read", () => {
  it("the interpreter's page shows the average, count and latest comments with the organisation; the overview flags a low one; My jobs the interpreter's own figures", async () => {
    const low = await appointment(firm.email, -2 * DAY);
    await redirected(await ratePage.action(post(pathOf(low), { score: "2", comment: "Arrived late." }, firmCookie, params(low))));
    const interpreterId = await idOf("interpreter@example.com");
    const admin = await cookieOf("admin@example.com");

    const page = await interpreterPage.loader(get(`/Dashboard/Interpreter/${interpreterId}`, admin, { params: { userId: interpreterId } }));
    // Clinic A's 5 without a comment and Firm B's 2 with one.
    expect(page.ratings).toMatchObject({
      average: 3.5,
      count: 2,
      latest: [{ score: 2, comment: "Arrived late.", organisationName: "Firm B", kind: "appointment" }],
    });
    expect(JSON.stringify(page.ratings)).not.toContain(firm.email);

    const overview = await overviewPage.loader(get("/Dashboard", admin));
    expect(overview.lowRatings).toMatchObject({ ok: true, value: { items: [{ score: 2, interpreterId, organisationName: "Firm B" }] } });

    const interpreter = await cookieOf("interpreter@example.com");
    expect((await overviewPage.loader(get("/Dashboard", interpreter))).lowRatings).toBeNull();
    const jobs = await jobsPage.loader(get("/Dashboard/Jobs", interpreter));
    expect(jobs.ownRating).toEqual({ ok: true, value: { average: 3.5, count: 2 } });
  });
});
