// The content studio in real Chromium, on D1 and on the Supabase adapter: an admin changes the public site (texts,
// images, order) with JavaScript on and off, and each change is on the public page at the very next request; then the
// studio, histories and all, passes axe. What the studio refuses: studio-refusals.spec.ts. These tests change the
// public content, so they run after the other projects, one file and one test at a time (playwright.config.ts: the
// studio projects).
import type { Page } from "@playwright/test";
import { axeViolations } from "./support";
import { expect, expectNotice, test, unique } from "./fixtures";
import { adminPage, openServiceEditor, companyForm, image, serviceEditor } from "./studio-support";

test.describe.configure({ mode: "serial" });

const aboutForm = (page: Page) => page.getByRole("region", { name: "About" });
const publicServiceTitles = async (page: Page) => {
  await page.goto("/Services");
  return page.locator(".service-card h2").allTextContents();
};

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test("the company title: saved, on the home page at once, and restored from the history", async ({ browser }) => {
      const page = await adminPage(browser, javaScriptEnabled);
      const title = `PUSH ${unique()}`;
      await companyForm(page).getByLabel("Title (English)").fill(title);
      await companyForm(page).getByRole("button", { name: "Save company" }).click();
      await expectNotice(page, "The company details have been saved.");

      const visitor = await browser.newPage();
      await visitor.goto("/");
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);

      // The version before this save is kept: restoring it brings the old title back, as a new version.
      await page.goto("/Dashboard/Website");
      const history = companyForm(page).locator("details");
      await history.locator("summary").click();
      const previous = history
        .getByRole("listitem")
        .filter({ hasNot: page.getByText("(current)") })
        .first();
      const previousTitle = (await previous.locator(".studio-history__what").textContent())!.split(" — ")[0]!;
      await previous.getByRole("button", { name: /^Restore version/ }).click();
      await expectNotice(page, /has been restored \(saved as version \d+\)/);
      await visitor.goto("/");
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(previousTitle);
      await page.context().close();
      await visitor.close();
    });

    test("a service's Arabic texts beside its English ones: on /ar/Services at once; emptied, the English text shows, marked", async ({ browser }) => {
      test.slow(); // two saves and four page loads: past 30 s on CI
      const page = await adminPage(browser, javaScriptEnabled);
      const first = (await publicServiceTitles(page))[0]!;
      await page.goto("/Dashboard/Website");
      await openServiceEditor(page, first);
      const arabicTitle = `ترجمة معتمدة ${unique()}`;
      const arabicText = "ترجمة يراجعها لغويان قبل التسليم.";
      await serviceEditor(page).getByLabel("Title (Arabic)").fill(arabicTitle);
      await serviceEditor(page).getByLabel("Description (Arabic)").fill(arabicText);
      // (The Supabase double's sample services have no alt text yet; the studio requires one with an image.)
      await serviceEditor(page).getByLabel("Alt text of the image (English)").fill(`${first}: illustration`);
      await expect(serviceEditor(page).getByLabel("Title (Arabic)")).toHaveAttribute("dir", "rtl");
      await serviceEditor(page).getByRole("button", { name: "Save service" }).click();
      await expectNotice(page, `“${first}” has been saved.`);

      const visitor = await browser.newPage();
      await visitor.goto("/ar/Services");
      const heading = visitor.getByRole("heading", { name: arabicTitle });
      await expect(heading).not.toHaveAttribute("lang", /./);
      await expect(visitor.locator(".service-card").filter({ has: heading })).toContainText(arabicText);
      await visitor.goto("/Services");
      await expect(visitor.getByRole("heading", { name: first })).toBeVisible();

      // Emptied, the Arabic page falls back to the English title, marked as English.
      await page.goto("/Dashboard/Website");
      await openServiceEditor(page, first);
      await serviceEditor(page).getByLabel("Title (Arabic)").fill("");
      await serviceEditor(page).getByLabel("Alt text of the image (English)").fill(`${first}: illustration`);
      await serviceEditor(page).getByRole("button", { name: "Save service" }).click();
      await expectNotice(page, `“${first}” has been saved.`);
      await visitor.goto("/ar/Services");
      const fallback = visitor.getByRole("heading", { name: first });
      await expect(fallback).toHaveAttribute("lang", "en");
      await expect(fallback).toHaveAttribute("dir", "ltr");
      await page.context().close();
      await visitor.close();
    });

    test("a service's text and image, its order, and the about photos: on the public pages at the next request", async ({ browser }) => {
      test.slow(); // three saves with uploads, two moves, and the public pages after each
      const page = await adminPage(browser, javaScriptEnabled);
      const before = await publicServiceTitles(page);
      await page.goto("/Dashboard/Website");
      const first = before[0]!;
      await openServiceEditor(page, first);
      const editor = serviceEditor(page);
      const text = `Translated and checked by two linguists ${unique()}.`;
      await editor.getByLabel("Description (English)").fill(text);
      await editor.getByLabel("Image", { exact: true }).setInputFiles(image("png", "new-photo.png"));
      await editor.getByLabel("Alt text of the image (English)").fill("Two linguists checking a translation");
      await editor.getByRole("button", { name: "Save service" }).click();
      await expectNotice(page, `“${first}” has been saved.`);

      const visitor = await browser.newPage();
      await visitor.goto("/Services");
      const card = visitor.locator(".service-card").filter({ has: visitor.getByRole("heading", { name: first }) });
      await expect(card).toContainText(text);
      const photo = card.getByRole("img", { name: "Two linguists checking a translation" });
      await expect(photo).toHaveAttribute("width", "7");
      await expect(photo).toHaveAttribute("height", "5");
      expect((await visitor.request.get((await photo.getAttribute("src"))!)).headers()["content-type"]).toBe("image/png");

      // Move the first service down: the public grid follows.
      await page.goto("/Dashboard/Website");
      await page.getByRole("button", { name: `Move ${first} down` }).click();
      await expect(page.getByText(`“${first}” has moved.`).first()).toBeVisible();
      expect(await publicServiceTitles(visitor)).toEqual([before[1], before[0], ...before.slice(2)]);
      await page.goto("/Dashboard/Website");
      await page.getByRole("button", { name: `Move ${first} up` }).click();
      await expect(page.getByText(`“${first}” has moved.`).first()).toBeVisible();
      expect(await publicServiceTitles(visitor)).toEqual(before);
      if (javaScriptEnabled) {
        // With JavaScript the arrow keys on a service's handle move it too, and the focus stays with it.
        await page.goto("/Dashboard/Website");
        const handle = page.getByRole("button", { name: `Reorder ${first}` });
        await handle.focus();
        await page.keyboard.press("ArrowDown");
        await expect(page.getByText(`“${first}” has moved.`).first()).toBeVisible();
        await expect(page.getByRole("button", { name: `Reorder ${first}` })).toBeFocused();
        expect(await publicServiceTitles(visitor)).toEqual([before[1], before[0], ...before.slice(2)]);
        await page.getByRole("button", { name: `Reorder ${first}` }).press("ArrowUp");
        await expect(page.locator(".studio-services__title").first()).toContainText(first);
        expect(await publicServiceTitles(visitor)).toEqual(before);
      }

      // Both about photos replaced (WebP and AVIF), each with its alt text and real size.
      await page.goto("/Dashboard/Website");
      const about = aboutForm(page);
      await about.getByLabel("First photo", { exact: true }).setInputFiles(image("webpLossy", "team.webp", "image/webp"));
      await about.getByLabel("Alt text of the first photo (English)").fill(`Our team ${unique()}`);
      await about.getByLabel("Second photo", { exact: true }).setInputFiles(image("avif", "headset.avif", "image/avif"));
      await about.getByLabel("Alt text of the second photo (English)").fill("An interpreter at work");
      await about.getByRole("button", { name: "Save about" }).click();
      await expectNotice(page, "The about page has been saved.");
      await visitor.goto("/Aboutus");
      await expect(visitor.getByRole("img", { name: /^Our team / })).toHaveAttribute("width", "9");
      await expect(visitor.getByRole("img", { name: "An interpreter at work" })).toHaveAttribute("height", "10");
      await page.context().close();
      await visitor.close();
    });
  });
}

// Last in this file: by then the histories it opens hold the versions the edits above kept.
test("the studio passes axe with its history open, a service being edited, and a deletion being confirmed", async ({ browser }) => {
  test.slow();
  const page = await adminPage(browser, true);
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  // Every history list of the page (the sidebar's Menu is a <details> too, hidden at this width).
  for (const summary of await page.getByRole("main").locator("details summary").all()) await summary.click();
  expect(await axeViolations(page)).toEqual([]);
  await page
    .getByRole("link", { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /^Delete “.*”\?$/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.context().close();
});
