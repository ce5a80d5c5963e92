// Ratings (issue 27, build item 4) as a requester and staff use them, with JavaScript on (off: customer-journey): a requester of Clinic
// A (arranged in the data: ratings-support.ts) opens the rating page of their past appointment, rates it 4 with a
// comment and finds it saved and still editable; an administrator finds it on the interpreter's page with Clinic A's
// name. axe: 0 violations on both screens, the rating page at 390 px. On D1 and on the Supabase double.
import { ADMIN, expect, expectNotice, signIn, test, unique } from "./fixtures";
import { REQUESTER_PASSWORD, requesterWithHeldAppointment } from "./ratings-support";
import { axeViolations } from "./support";

// One test after the other in each project, as pay.spec.ts: the arrangement writes the server's data from a second
// process.
test.describe.configure({ mode: "default" });

// With JavaScript on; the same rating without JavaScript is part of customer-journey.spec.ts (one walk, not two).
for (const javaScriptEnabled of [true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a requester rates a past appointment 4 with a comment; staff see it on the interpreter's page", async ({ page, browser }) => {
      test.slow(); // arranged data, two people, their pages and a post
      const id = unique();
      const { email, interpreter, appointmentId } = await requesterWithHeldAppointment(id);
      const comment = `Clear, calm and on time (${id}).`;

      const requester = await (await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } })).newPage();
      await signIn(requester, email, { password: REQUESTER_PASSWORD, landing: `/Account/Rate/appointment/${appointmentId}` });
      await expect(requester.getByRole("heading", { level: 1, name: "Rate your interpreter" })).toBeVisible();
      await expect(requester.getByText(interpreter.name)).toBeVisible();
      if (javaScriptEnabled) expect(await axeViolations(requester), "the rating page at 390 px").toEqual([]);
      const scores = requester.getByRole("group", { name: "How was the interpretation?" });
      await scores.getByLabel("4 stars — Good").check();
      await requester.getByLabel("Comment (optional)").fill(comment);
      await requester.getByRole("button", { name: "Save my rating" }).click();
      await expectNotice(requester, "Thank you: your rating is saved.");
      // Back on the page, prefilled and still open to change.
      await expect(scores.getByLabel("4 stars — Good")).toBeChecked();
      await expect(requester.getByLabel("Comment (optional)")).toHaveValue(comment);
      await expect(requester.getByText("You can change your rating until")).toBeVisible();
      await requester.context().close();

      await signIn(page, ADMIN.email, { landing: `/Dashboard/Interpreter/${interpreter.id}` });
      const ratings = page.getByRole("region", { name: "Ratings" });
      await expect(ratings.getByText("4.0 out of 5")).toBeVisible();
      await expect(ratings).toContainText("1 rating");
      await expect(ratings.getByText(comment)).toBeVisible();
      await expect(ratings.getByText("Clinic A")).toBeVisible();
      await expect(ratings).not.toContainText(email);
      if (javaScriptEnabled) expect(await axeViolations(page), "the interpreter's page with its ratings").toEqual([]);
    });
  });
}

test("a requester of Firm B gets 404 for Clinic A's appointment — page, data and posts — and no rating is stored", async ({ browser }) => {
  test.slow(); // two arranged requesters
  const clinic = await requesterWithHeldAppointment(unique());
  const firm = await requesterWithHeldAppointment(unique(), "Firm B");
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, firm.email, { password: REQUESTER_PASSWORD, landing: null });
    const origin = new URL(test.info().project.use.baseURL!).origin;
    for (const path of [`/Account/Rate/appointment/${clinic.appointmentId}`, `/ar/Account/Rate/appointment/${clinic.appointmentId}`]) {
      const form = { score: "1", comment: "Not ours" };
      const answers = {
        page: await page.request.get(path, { maxRedirects: 0 }),
        data: await page.request.get(`${path}.data`, { maxRedirects: 0 }),
        post: await page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 }),
        postData: await page.request.post(`${path}.data`, { form, headers: { Origin: origin }, maxRedirects: 0 }),
      };
      for (const [label, answer] of Object.entries(answers)) expect(answer.status(), `${label} ${path}`).toBe(404);
    }
    // Their own organisation's appointment opens; Clinic A's still has no rating (its interpreter none).
    expect((await page.request.get(`/Account/Rate/appointment/${firm.appointmentId}`)).status()).toBe(200);
    await signIn(page, ADMIN.email, { landing: `/Dashboard/Interpreter/${clinic.interpreter.id}` });
    await expect(page.getByRole("region", { name: "Ratings" }).getByText("No ratings yet.")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a low rating is flagged on the overview, linking to the interpreter, who sees only their own average; no violations, wide and at 390 px", async ({
  page,
  browser,
}) => {
  test.slow(); // arranged data, three people, scans at two widths
  const id = unique();
  const { email, interpreter, appointmentId } = await requesterWithHeldAppointment(id);
  const comment = `Arrived twenty minutes late (${id}).`;
  await signIn(page, email, { password: REQUESTER_PASSWORD, landing: null });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const rated = await page.request.post(`/Account/Rate/appointment/${appointmentId}`, {
    form: { score: "2", comment },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(rated.status()).toBe(302);

  await signIn(page, ADMIN.email, { landing: "/Dashboard" });
  const low = page.getByRole("region", { name: "Low ratings" });
  const row = low.getByRole("row").filter({ hasText: comment });
  await expect(row).toContainText("Clinic A");
  await expect(row).not.toContainText(email);
  await row.getByRole("link", { name: interpreter.name }).click();
  await expect(page).toHaveURL(`/Dashboard/Interpreter/${interpreter.id}`);
  await expect(page.getByRole("region", { name: "Ratings" }).getByText(comment)).toBeVisible();
  await page.goto("/Dashboard");
  expect(await axeViolations(page), "the overview with a low rating").toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page), "the overview with a low rating at 390 px").toEqual([]);

  const own = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(own, interpreter.email, { password: interpreter.password, landing: "/Dashboard/Jobs" });
  const mine = own.getByRole("region", { name: "My ratings" });
  await expect(mine).toContainText("Average: 2.0 out of 5");
  await expect(mine).toContainText("1 rating");
  await expect(mine).not.toContainText(comment);
  await expect(mine).not.toContainText("Clinic A");
  expect(await axeViolations(own), "My jobs with the interpreter's own average at 390 px").toEqual([]);
  await own.context().close();
});
