// The dashboard of SPEC §2 for each role: the shell, overview, profile, the spec's headings, 404 and calls.
import { specArabic as ar } from "../../app/i18n";
import { AVATAR_COLORS, avatarColor } from "../../app/components/Avatar";
import { ADMIN, expect, INTERPRETER, signIn, test } from "./fixtures";

test("an admin's sidebar: avatar, name to the profile, every area, sign out", async ({ page }) => {
  await signIn(page, ADMIN.email);
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  for (const area of [
    "Overview",
    "Profile",
    "Interpreters",
    "Languages",
    "Interpreter languages",
    "Incoming calls",
    "Call log",
    "My jobs",
    "Customers",
    "Users",
    "Orders",
  ]) {
    await expect(nav.getByRole("link", { name: area, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: /^Inbox/ })).toHaveAttribute("href", "/Dashboard/Inbox");
  await expect(nav.getByRole("link", { name: "Interpreters" })).toHaveAttribute("href", "/Dashboard/Interpreter");
  await expect(page.locator(".sidebar .avatar")).toHaveText("A");
  await page.getByRole("link", { name: ADMIN.name }).click();
  await expect(page).toHaveURL("/Dashboard/Profile");
});

test("an interpreter's sidebar offers only their areas; admin areas answer 403", async ({ page }) => {
  await signIn(page, INTERPRETER.email);
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link")).toHaveText(["Overview", "Profile", "Incoming calls", "Call log", "My jobs"]);
  const response = await page.goto("/Dashboard/Interpreter");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You do not have access to this page.");
  // The shell stays, so the way back is right there.
  await expect(nav.getByRole("link", { name: "Profile" })).toBeVisible();
});

test("the overview shows the sample figures and the chart placeholder in Arabic", async ({ page }) => {
  await signIn(page, INTERPRETER.email);
  const overview = page.getByRole("region", { name: ar.dashboard.overview.heading });
  await expect(overview).toHaveAttribute("lang", "ar");
  await expect(overview).toHaveAttribute("dir", "rtl");
  for (const text of ["1,250", "50", "300", ar.dashboard.overview.totalUsers, ar.dashboard.overview.newRequests, ar.dashboard.overview.activeCustomers]) {
    await expect(overview).toContainText(text);
  }
  await expect(overview.getByRole("img", { name: ar.dashboard.overview.chartPlaceholder })).toBeVisible();
});

test("the profile card and the table of the user's languages", async ({ page }) => {
  await signIn(page, INTERPRETER.email);
  await page.getByRole("link", { name: INTERPRETER.name }).click();
  const card = page.getByRole("region", { name: INTERPRETER.name });
  for (const text of [INTERPRETER.email, "Male", "+1 (307) 555-0101", "Medical Interpreting"]) await expect(card).toContainText(text);
  const avatar = card.locator(".avatar");
  await expect(avatar).toHaveText("D");
  // One of the six colours, chosen from the user id: the sidebar, the card and a reload all agree.
  const colourOf = (selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
  const six = AVATAR_COLORS.map((hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`);
  const colour = await colourOf(".profile-card .avatar");
  expect(six).toContain(colour);
  expect(await colourOf(".sidebar .avatar")).toBe(colour);
  await page.reload();
  expect(await colourOf(".profile-card .avatar")).toBe(colour);
  await expect(page.getByRole("table", { name: "My languages" }).getByRole("cell")).toHaveText(["English", "Portuguese", "Spanish"]);
});

test("Dashboardcustomers, Dashboardusers and Orders show their headings", async ({ page }) => {
  await signIn(page, ADMIN.email);
  for (const [path, heading] of [
    ["/Dashboard/Dashboardcustomers", ar.dashboard.placeholders.customers],
    ["/Dashboard/Dashboardusers", ar.dashboard.placeholders.users],
    ["/Dashboard/Orders", ar.dashboard.placeholders.orders],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test("any other path under /Dashboard is a 404 with a Back to Home button", async ({ page }) => {
  await signIn(page, ADMIN.email);
  const response = await page.goto("/Dashboard/Nowhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! The Page you requested was not found!");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});

test.describe("incoming calls", () => {
  test("after 2 seconds a call appears; Accept opens its room; Hang up comes back", async ({ page }) => {
    await signIn(page, INTERPRETER.email, { landing: "/Dashboard/Dashboardcall" });
    const call = page.getByRole("region", { name: "Incoming call" });
    await expect(page.getByText(ar.dashboard.noCalls)).toBeVisible();
    const shownAt = Date.now();
    await expect(call).toBeVisible({ timeout: 5000 });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThanOrEqual(1500);
    expect(waited).toBeLessThan(4000);
    for (const text of ["Sample Customer", "English", "video", "sample"]) await expect(call).toContainText(text);

    await call.getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL("/call-room/sample");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Call room sample");
    await page.getByRole("link", { name: "Hang up" }).click();
    await expect(page).toHaveURL("/Dashboard/Dashboardcall");
  });

  test("Reject dismisses the call, and no other call comes", async ({ page }) => {
    await signIn(page, INTERPRETER.email, { landing: "/Dashboard/Dashboardcall" });
    const call = page.getByRole("region", { name: "Incoming call" });
    await call.getByRole("button", { name: "Reject" }).click();
    await expect(call).toBeHidden();
    await expect(page.getByText(ar.dashboard.noCalls)).toBeVisible();
    await page.waitForTimeout(2500);
    await expect(call).toBeHidden();
  });

  test("any other room without one of its parties' keys is a 403, whether it exists or not (issue 14)", async ({ page }) => {
    await signIn(page, INTERPRETER.email);
    expect((await page.goto("/call-room/nope"))?.status()).toBe(403);
    expect((await page.goto("/call-room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b?key=AAAA"))?.status()).toBe(403);
  });
});

test("the avatar colour is one of six and fixed per user", () => {
  const colours = new Set(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"].map((id) => avatarColor(id)));
  expect(colours.size).toBeGreaterThan(1);
  expect(colours.size).toBeLessThanOrEqual(6);
  expect(avatarColor("same-id")).toBe(avatarColor("same-id"));
});
