// Staff tables on a phone (issue 24, item 6): below about 600 px each row is a stacked card (DataTable), so no staff
// page scrolls sideways, no table scrolls inside its region, and an e-mail address keeps to its line instead of
// breaking across five. Each value is labelled with its column's name; the page passes axe at that width.
import { ADMIN, expect, signIn, test } from "./fixtures";
import { axeViolations } from "./support";

const PHONE = { width: 390, height: 844 };
const STAFF_PAGES = [
  "/Dashboard/Dashboardusers",
  "/Dashboard/Orders",
  "/Dashboard/Interpreter",
  "/Dashboard/Dashboardcustomers",
  "/Dashboard/Inbox",
  "/Dashboard/Calls",
  "/Dashboard/Rates",
  "/Dashboard/Invoices",
  "/Dashboard/Reports",
];

test.use({ viewport: PHONE });

test("at 390 px no staff page scrolls sideways, and every table's rows are cards", async ({ page }) => {
  await signIn(page, ADMIN.email);
  for (const path of STAFF_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: page width`).toBeLessThanOrEqual(PHONE.width);
    const regions = await page.locator(".table-scroll").evaluateAll((elements) => elements.map((element) => element.scrollWidth - element.clientWidth));
    for (const overflow of regions) expect(overflow, `${path}: a table scrolls sideways inside its region`).toBeLessThanOrEqual(1);
  }
});

test("at 390 px the Users table shows each account as a card with labelled values, an e-mail on one line", async ({ page }) => {
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Dashboardusers" });
  const row = page.getByRole("region", { name: "Accounts" }).getByRole("row").filter({ hasText: ADMIN.email });
  const email = row.locator("td", { hasText: ADMIN.email });
  // The column's name is drawn above the value…
  expect(await email.evaluate((cell) => getComputedStyle(cell, "::before").content)).toContain("Email");
  // …and the address keeps to one line (it broke across five in a 720 px table squeezed into a phone).
  const lines = await email.locator("bdi").evaluate((bdi) => {
    const lineHeight = parseFloat(getComputedStyle(bdi).lineHeight) || 20;
    return Math.round(bdi.getBoundingClientRect().height / lineHeight);
  });
  expect(lines).toBe(1);
  // A card is as wide as the region, not wider: the row fits the screen.
  const box = (await row.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);
});
