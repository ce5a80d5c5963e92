// The authorization matrix for a customer organisation's signed-in requester (issue 27), against the real worker:
// every dashboard route of app/routes.ts × every kind of request answers 403 (the guard runs before any record is
// looked up) and nothing of staff; a private link they do not hold is a 404 like anyone's; the interpreter's call
// socket and My jobs' Join refuse them. The requester is arranged in the server's data (requester-support.ts), so
// this file runs where the arranging tests run (playwright.config.ts ARRANGED_SPECS: alone in serial-d1).
import { companyDay } from "./booking-support";
import { ensureRequester } from "./requester-support";
import { requesterWithHeldAppointment } from "./ratings-support";
import { expect, signIn, test, unique } from "./fixtures";
import {
  DATA_ROUTES,
  dataUrl,
  expectNoPrivateData,
  guardedPaths,
  MISSING,
  requestsFor,
  signedInContext,
  tokenFiles,
  tokenPaths,
  WITH_ACTION,
  socketOpens,
} from "./authorization-matrix-support";

/** The matrix's own organisation and requester: a customer of no other test. */
const REQUESTER = { organisation: "Matrix Clinic", email: "matrix.requester@example.com", name: "Mira Matrix" };

/** A request context signed in as the requester, from an address of its own (the sign-in limit is per address). */
async function requesterContext(clientIp: string) {
  const requester = await ensureRequester(REQUESTER);
  return signedInContext(requester.email, clientIp, requester.password, test.info().project.use.baseURL);
}

test("every dashboard route answers a requester 403 (page, data, its action), and nothing of staff", async () => {
  const context = await requesterContext(`10.254.${test.info().workerIndex}.${test.info().retry}`);
  try {
    for (const path of guardedPaths()) {
      const { page, data, post, postData } = await requestsFor(context, path);
      const hasAction = WITH_ACTION.has(path);
      expect(page.status(), `page ${path}`).toBe(403);
      expect(data.status(), `data ${path}`).toBe(403);
      // Without an action React Router answers 405 before any loader runs.
      expect(post.status(), `post ${path}`).toBe(hasAction ? 403 : 405);
      expect(postData.status(), `post data ${path}`).toBe(hasAction ? 403 : 405);
      for (const [label, response] of Object.entries({ page, data, post, postData })) await expectNoPrivateData(response, `${label} ${path}`);
      // A page says so in words and leads back to their account, never to the dashboard; a file or data route
      // answers the refusal's reason and their home alone.
      const isJson = (page.headers()["content-type"] ?? "").includes("json");
      if (isJson || DATA_ROUTES.has(path)) expect(await page.json(), path).toEqual({ reason: "staff-only", home: "/Account" });
      else if (page.headers()["content-type"]?.includes("html")) {
        const body = await page.text();
        expect(body, path).toContain("You do not have access to this page.");
        expect(body, path).toContain('href="/Account"');
        expect(body, path).not.toMatch(/href="\/Dashboard/);
      }
    }
  } finally {
    await context.dispose();
  }
});

test("a private link a requester does not hold is a 404 like anyone's (pages, data, actions, files)", async () => {
  const { workerIndex, retry } = test.info();
  const context = await requesterContext(`10.254.${workerIndex}.${100 + retry}`);
  try {
    for (const path of tokenFiles()) {
      const answer = await context.get(path);
      expect(answer.status(), path).toBe(404);
      await expectNoPrivateData(answer, path);
    }
    for (const [index, path] of tokenPaths().entries()) {
      const form: Record<string, string> = path.includes("/Book/")
        ? { intent: "cancel", basedOn: "1" }
        : path.includes("/Invoice/")
          ? { intent: "pay" }
          : { intent: "accept", basedOn: "1" };
      // The private pages' actions share one rate limit per address (10 a minute): each post from an address of its own.
      const headers = { Origin: new URL(test.info().project.use.baseURL!).origin, "CF-Connecting-IP": `10.254.${workerIndex}.${150 + retry * 40 + index}` };
      const answers = {
        page: await context.get(path),
        data: await context.get(dataUrl(path)),
        post: await context.post(path, { form, headers }),
        postData: await context.post(dataUrl(path), { form, headers }),
        // "Create an account" (docs/decisions/0042): an unknown link mails no one.
        ...(/\/(Quote|Book|Invoice)\//.test(path) ? { claim: await context.post(path, { form: { intent: "create-account" }, headers }) } : {}),
      };
      for (const [label, answer] of Object.entries(answers)) {
        expect(answer.status(), `${label} ${path}`).toBe(404);
        expect(answer.headers().location, `${label} ${path}`).toBeUndefined();
        await expectNoPrivateData(answer, `${label} ${path}`);
      }
    }
  } finally {
    await context.dispose();
  }
});

test("a requester's session is refused the interpreter's call socket and My jobs' Join", async ({ page }) => {
  const requester = await ensureRequester(REQUESTER);
  await signIn(page, requester.email, { landing: null, password: requester.password });
  await page.goto("/Services");
  const opens = (path: string) => socketOpens(page, path);
  expect(await opens("/api/calls/interpreter")).toBe(false);
  const form = { intent: "join-appointment", appointment: MISSING };
  const join = await page.request.post("/Dashboard/Jobs", { form, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
  expect(join.status()).toBe(403);
  expect(join.headers().location ?? "").not.toContain("/call-room/");
});

test("the rating pages answer a requester 404 for an item that is not their organisation's (page, data, a post), in both languages", async () => {
  const context = await requesterContext(`10.248.${test.info().workerIndex}.${test.info().retry}`);
  try {
    for (const path of [
      `/Account/Rate/appointment/${MISSING}`,
      `/ar/Account/Rate/appointment/${MISSING}`,
      "/Account/Rate/call/no-such-call",
      "/Account/Rate/order/1",
    ]) {
      const { page, data, post, postData } = await requestsFor(context, path);
      for (const [label, answer] of Object.entries({ page, data, post, postData })) {
        expect(answer.status(), `${label} ${path}`).toBe(404);
        await expectNoPrivateData(answer, `${label} ${path}`);
      }
    }
  } finally {
    await context.dispose();
  }
});

test("/Book's 'same interpreter as last time' takes only the requester's own organisation's past interpreter: another's, or anyone's id, is refused (page and data posts, both languages)", async () => {
  const { workerIndex, retry } = test.info();
  // Another organisation's requester and the interpreter of its past appointment: never the matrix clinic's.
  const { interpreter } = await requesterWithHeldAppointment(`matrix-${unique()}`, `Matrix Firm ${workerIndex}-${retry}`);
  const context = await requesterContext(`10.247.${workerIndex}.${retry}`);
  try {
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const language = /<option value="(\d+)"[^>]*>Spanish<\/option>/.exec(await (await context.get("/Book")).text())![1]!;
    const fields = {
      ...{ language, mode: "video", setting: "business", date: companyDay(12), time: "10:00", duration: "60", address: "", callNumber: "" },
      ...{ name: REQUESTER.name, email: REQUESTER.email, phone: "+1 307 555 0100", organisation: "", notes: "", gender: "", consent: "on" },
    };
    let successes = 0;
    let address = 0;
    for (const path of ["/Book", "/ar/Book"])
      for (const url of [path, dataUrl(path)])
        for (const forged of [interpreter.id, crypto.randomUUID(), "not-an-id"]) {
          // The booking's rate limit is per address: each post from one of its own.
          const headers = { Origin: origin, "CF-Connecting-IP": `10.247.${workerIndex}.${50 + retry * 20 + address++}` };
          const answer = await context.post(url, { form: { ...fields, sameInterpreter: forged }, headers, maxRedirects: 0 });
          const body = await answer.text();
          if (answer.status() < 400 || /received=1/.test(body) || answer.headers().location) successes++;
          expect(answer.status(), `${url} naming ${forged}`).toBe(400);
        }
    expect(successes).toBe(0);
  } finally {
    await context.dispose();
  }
});
