// axe scan (WCAG 2 A and AA) of every public page, on a desktop and on a phone, and of the states that
// change the page (an expanded service card, the open phone menu, the failure state).
import { expect, test } from "@playwright/test";
import { BROKEN_APP_URL } from "../../playwright.config";
import { axeViolations, PUBLIC_PAGES } from "./support";

const pages = [...PUBLIC_PAGES.map((page) => page.path), "/no-such-page"];

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport });
    for (const path of pages) {
      test(`${path} has no WCAG 2 A/AA violations`, async ({ page }) => {
        await page.goto(path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test("an expanded service card and the open phone menu have no violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/Services");
  await page.getByRole("button", { name: "Full description of Legal Interpreting" }).click();
  await page.getByRole("button", { name: "Menu" }).click();
  expect(await axeViolations(page)).toEqual([]);
});

test("the failure state has no violations", async ({ page }) => {
  await page.goto(`${BROKEN_APP_URL}/`);
  expect(await axeViolations(page)).toEqual([]);
});
