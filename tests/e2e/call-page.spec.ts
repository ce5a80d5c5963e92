// /Call without an interpreter to answer (issue 14): the device check, then nobody available → the callback form,
// and the callback reaches staff in the inbox; the callback form also works without JavaScript.
import { BROWSER_ARGS, executablePath } from "../../playwright.config";
import { ADMIN, expect, expectNotice, signIn, test } from "./fixtures";
import { axeViolations } from "./support";

test.use({ launchOptions: { executablePath, args: [...BROWSER_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] } });

test("nobody available: the caller is offered a callback, and it reaches the inbox", async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(["camera", "microphone"]);
  await page.goto("/Call");
  expect(await axeViolations(page), "/Call").toEqual([]);
  // Vietnamese: Linh is linked to it, and never signs in here.
  // The call form appears once the page runs (it needs the browser's media and a socket).
  const starter = page.getByRole("form", { name: "Start a call" });
  await starter.getByLabel("Language").selectOption({ label: "Vietnamese" });
  await starter.getByLabel("Voice only").check();
  await starter.getByLabel("Your name").fill("Minh Caller");
  await expect(page.getByRole("button", { name: "Call", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "Check camera and microphone" }).click();
  await expect(page.getByText("Your camera and microphone work.")).toBeVisible();
  await page.getByRole("button", { name: "Call", exact: true }).click();
  await expect(page.getByText("Nobody could answer just now.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ask for a callback" })).toBeFocused();

  const form = page.locator("#callback");
  await form.getByLabel("Your name").fill("Minh Caller");
  await form.getByLabel("Phone (optional)").fill("+1 307 555 0142");
  await form.getByLabel("Note (optional)").fill("About a hospital appointment tomorrow.");
  await form.getByRole("button", { name: "Ask for a callback" }).click();
  await expectNotice(page, "Thank you. We will call you back as soon as an interpreter is free.");

  const staff = await browser.newContext({ baseURL });
  try {
    const inbox = await staff.newPage();
    await signIn(inbox, ADMIN.email, { landing: "/Dashboard/Inbox" });
    const message = inbox.getByRole("article").filter({ hasText: "Minh Caller" }).first();
    await expect(message).toContainText("Callback request from the call page");
    await expect(message).toContainText("+1 307 555 0142");
    await expect(message).toContainText("Language: Vietnamese");
  } finally {
    await staff.close();
  }
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the page says a call needs JavaScript; the callback form still works, and refuses a request with no way to reach the caller", async ({ page }) => {
    await page.goto("/Call");
    // (Playwright's text matching skips <noscript>: the page's HTML says it.)
    expect(await page.content()).toContain("<noscript><p>A call needs JavaScript. You can still ask for a callback below.</p></noscript>");
    await expect(page.getByRole("button", { name: "Call", exact: true })).toHaveCount(0);
    const form = page.locator("#callback");
    await form.getByLabel("Your name").fill("No Script");
    await form.getByRole("button", { name: "Ask for a callback" }).click();
    await expect(page.locator("#callback").getByText("Give a phone number or an e-mail address.")).toBeVisible();
    await page.locator("#callback").getByLabel("E-mail (optional)").fill("noscript@example.com");
    await page.locator("#callback").getByRole("button", { name: "Ask for a callback" }).click();
    await expectNotice(page, "Thank you. We will call you back as soon as an interpreter is free.");
  });
});

test("an administrator's call link for a named customer: made on the incoming-call screen, opened by the customer", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const staff = await browser.newContext({ baseURL });
  let link = "";
  try {
    const admin = await staff.newPage();
    await signIn(admin, ADMIN.email, { landing: "/Dashboard/Dashboardcall" });
    const form = admin.getByRole("region", { name: "Call link for a customer" });
    await form.getByRole("button", { name: "Create the link" }).click();
    await expect(form.getByText("Enter the customer's name.")).toBeVisible();
    await expect(form.getByText("Choose a language.")).toBeVisible();
    expect(await axeViolations(admin), "call link form errors").toEqual([]);
    await form.getByLabel("Customer's name").fill("Ana Linkova");
    // Vietnamese: Linh is linked to it, and never signs in here (nobody answers).
    await form.getByLabel("Language", { exact: true }).selectOption({ label: "Vietnamese" });
    await form.getByLabel("Call by").selectOption({ label: "Voice only" });
    await form.getByLabel("Valid for").selectOption({ label: "1 hour" });
    await form.getByRole("button", { name: "Create the link" }).click();
    await expect(form.getByText(/^The link for \u2068Ana Linkova\u2069 is ready\. It works until /)).toBeVisible();
    link = await form.getByLabel("Call link").inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/Call\\?link=[A-Za-z0-9_%.-]+$`));
    expect(await axeViolations(admin), "call link made").toEqual([]);
  } finally {
    await staff.close();
  }

  await context.grantPermissions(["camera", "microphone"]);
  await page.goto(link);
  const yourCall = page.getByRole("region", { name: "Your call" });
  await expect(yourCall).toContainText("Ana Linkova");
  await expect(yourCall).toContainText("Vietnamese");
  await expect(yourCall).toContainText("Voice only");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
  const starter = page.getByRole("form", { name: "Start a call" });
  await expect(starter.getByRole("button", { name: "Check camera and microphone" })).toBeVisible();
  // The link has chosen: no language, type or name to pick.
  await expect(starter.getByLabel("Language", { exact: true })).toHaveCount(0);
  await expect(starter.getByLabel("Your name")).toHaveCount(0);
  expect(await axeViolations(page), "/Call with a link").toEqual([]);
  await starter.getByRole("button", { name: "Check camera and microphone" }).click();
  await starter.getByRole("button", { name: "Call", exact: true }).click();
  await expect(page.getByText("Nobody could answer just now.", { exact: false })).toBeVisible();
  await expect(page.locator("#callback").getByLabel("Your name")).toHaveValue("Ana Linkova");
  const callbackLanguage = page.locator("#callback").getByLabel("Language", { exact: true });
  await expect(callbackLanguage).toHaveValue((await callbackLanguage.locator("option", { hasText: "Vietnamese" }).getAttribute("value"))!);

  // One character of the terms changed: the page says the link is not valid, and offers no call.
  const spoilt = link.replace(/(link=[A-Za-z0-9_-]{5})(.)/, (_, head: string, char: string) => `${head}${char === "A" ? "B" : "A"}`);
  expect(spoilt).not.toBe(link);
  await page.goto(spoilt);
  await expect(page.getByText("This call link is not valid.", { exact: false })).toBeVisible();
  await expect(page.getByRole("form", { name: "Start a call" })).toHaveCount(0);
});

// Found when tried as a new user would (issue 24): the "Call by" radio buttons rendered as large circles far from their
// labels, and /Call was linked from nowhere.
for (const width of [390, 1366]) {
  test(`at ${width} px each "Call by" radio sits beside its label`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/Call");
    const group = page.getByRole("group", { name: "Call by" });
    for (const name of ["Video", "Voice only"]) {
      const radio = group.getByRole("radio", { name });
      const box = (await radio.boundingBox())!;
      const label = (await group
        .locator("label")
        .filter({ has: page.getByRole("radio", { name }) })
        .locator("span")
        .boundingBox())!;
      // A box of a checkbox's size, on the label's line, just before its text.
      expect(box.width, name).toBeLessThanOrEqual(24);
      expect(box.height, name).toBeLessThanOrEqual(24);
      expect(Math.abs(box.y + box.height / 2 - (label.y + label.height / 2)), name).toBeLessThanOrEqual(4);
      expect(label.x - (box.x + box.width), name).toBeGreaterThanOrEqual(0);
      expect(label.x - (box.x + box.width), name).toBeLessThanOrEqual(16);
    }
  });
}

for (const [home, link, call] of [
  ["/", "Talk to an interpreter", "/Call"],
  ["/ar", "تحدّث إلى مترجم", "/ar/Call"],
] as const) {
  test(`${call} is one click from ${home}`, async ({ page }) => {
    await page.goto(home);
    await page.getByRole("main").getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(call);
    await page.goto(home);
    await page.getByRole("navigation").first().getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(call);
  });
}
