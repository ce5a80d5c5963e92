// The content studio in real Chromium, on D1 and on the Supabase adapter: an admin changes the public site (texts,
// images, order) with JavaScript on and off, and each change is on the public page at the very next request; two
// admins editing one service; refused uploads that store nothing. These tests change the public content, so they run
// after the other projects, one at a time (playwright.config.ts: the studio projects).
import { readdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { PORT, SUPABASE_DOUBLE_URL } from "../../playwright.config";
import { bytesOf, type FixtureName } from "../fixtures/images";
import { axeViolations } from "./support";
import { ADMIN, expect, expectNotice, INTERPRETER, signIn, test, unique } from "./fixtures";

test.describe.configure({ mode: "serial" });

/** How many objects the public media bucket holds now (D1 run: the R2 bucket's blobs in the server's local state). */
async function mediaObjectCount(): Promise<number> {
  if (test.info().project.name === "studio-supabase") {
    return (await (await fetch(`${SUPABASE_DOUBLE_URL}/__double/storage`)).json<unknown[]>()).length;
  }
  return readdirSync(`.tmp/e2e-${PORT}/v3/r2/push-media/blobs`).length;
}

const image = (name: FixtureName, fileName: string, mimeType = "image/png") => ({ name: fileName, mimeType, buffer: Buffer.from(bytesOf(name)) });

async function adminPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const octet = () => Math.floor(Math.random() * 256);
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": `10.202.${octet()}.${octet()}` } });
  const page = await context.newPage();
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Website" });
  return page;
}

const companyForm = (page: Page) => page.getByRole("region", { name: "Company" });
const aboutForm = (page: Page) => page.getByRole("region", { name: "About" });
const serviceEditor = (page: Page) => page.locator("section").filter({ has: page.getByRole("heading", { name: /^Edit “/ }) });
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
      const [first] = await publicServiceTitles(page);
      await page.goto("/Dashboard/Website");
      await page.getByRole("link", { name: `Edit ${first}` }).click();
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
      await page.getByRole("link", { name: `Edit ${first}` }).click();
      await serviceEditor(page).getByLabel("Title (Arabic)").fill("");
      await serviceEditor(page).getByLabel("Alt text of the image (English)").fill(`${first}: illustration`);
      await serviceEditor(page).getByRole("button", { name: "Save service" }).click();
      await expectNotice(page, `“${first}” has been saved.`);
      await visitor.goto("/ar/Services");
      const fallback = visitor.getByRole("heading", { name: first! });
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
      await page.getByRole("link", { name: `Edit ${first}` }).click();
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

test("two admins edit one service: the second save is refused with both versions; a restore brings text and image back", async ({ browser }) => {
  test.slow(); // two admins' browsers, three uploads and an axe scan of the whole studio
  // The first admin without JavaScript, the second with it (axe needs it to scan the refused page).
  const first = await adminPage(browser, false);
  const second = await adminPage(browser, true);
  const title = `Sign Language ${unique()}`;
  const add = first.getByRole("region", { name: "Add a service" });
  await add.getByLabel("Title (English)").fill(title);
  await add.getByLabel("Description (English)").fill("Interpreters of American Sign Language, on site and by video.");
  await add.getByLabel("Image", { exact: true }).setInputFiles(image("jpegBaseline", "asl.jpg", "image/jpeg"));
  await add.getByLabel("Alt text of the image (English)").fill("Hands signing a word");
  await add.getByRole("button", { name: "Add service" }).click();
  await expectNotice(first, `“${title}” has been added.`);

  for (const page of [first, second]) {
    await page.goto("/Dashboard/Website");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
  }
  await serviceEditor(first).getByLabel("Description (English)").fill("Changed by the first admin.");
  await serviceEditor(first)
    .getByLabel("Image", { exact: true })
    .setInputFiles(image("webpLossless", "asl-2.webp", "image/webp"));
  await serviceEditor(first).getByRole("button", { name: "Save service" }).click();
  await expectNotice(first, `“${title}” has been saved.`);

  await serviceEditor(second).getByLabel("Description (English)").fill("Changed by the second admin.");
  await serviceEditor(second).getByRole("button", { name: "Save service" }).click();
  const alert = second.getByRole("alert").filter({ hasText: "Someone else saved this" });
  await expect(alert).toBeVisible();
  const row = alert.getByRole("row", { name: /Description/ });
  await expect(row).toContainText("Changed by the first admin.");
  await expect(row).toContainText("Changed by the second admin.");
  expect(await axeViolations(second)).toEqual([]);

  const visitor = await browser.newPage();
  await visitor.goto("/Services");
  const card = () => visitor.locator(".service-card").filter({ has: visitor.getByRole("heading", { name: title }) });
  await expect(card()).toContainText("Changed by the first admin.");
  await expect(card().getByRole("img")).toHaveAttribute("width", "11");

  // Restore version 1: the first text and the JPEG (3 × 2) are back on the site.
  await first.goto(first.url());
  await serviceEditor(first).locator("summary").click();
  await serviceEditor(first).getByRole("button", { name: "Restore version 1" }).click();
  await expectNotice(first, "Version 1 has been restored (saved as version 3).");
  await visitor.goto("/Services");
  await expect(card()).toContainText("Interpreters of American Sign Language");
  await expect(card().getByRole("img")).toHaveAttribute("width", "3");

  // Delete it, after the confirmation.
  await first.goto("/Dashboard/Website");
  await first.getByRole("link", { name: `Delete ${title}` }).click();
  await expect(first.getByRole("heading", { name: `Delete “${title}”?` })).toBeVisible();
  await first.getByRole("button", { name: "Delete service" }).click();
  await expectNotice(first, `“${title}” has been deleted.`);
  await visitor.goto("/Services");
  await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
  await Promise.all([first.context().close(), second.context().close(), visitor.close()]);
});

test("refused uploads each say why and change nothing", async ({ browser }) => {
  test.slow(); // four refused posts (one of 6 MB) and an axe scan
  const page = await adminPage(browser, true);
  const versionsBefore = await companyForm(page).locator("details summary").textContent();
  const objectsBefore = await mediaObjectCount();
  const cover = companyForm(page).getByLabel("Home cover image", { exact: true });
  const save = () => companyForm(page).getByRole("button", { name: "Save company" }).click();
  const cases: [ReturnType<typeof image>, string][] = [
    [{ ...image("pdf", "cover.jpg"), mimeType: "image/jpeg" }, "This file is not a JPEG, PNG, WebP or AVIF image."],
    [
      { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([Buffer.from(bytesOf("jpegBaseline")), Buffer.alloc(6 * 1024 * 1024)]) },
      "This file is larger than 5 MB.",
    ],
    [image("pngWide", "wide.png"), "This image is larger than 6000 pixels on a side."],
  ];
  for (const [file, message] of cases) {
    await cover.setInputFiles(file);
    await save();
    await expect(companyForm(page).getByText(message)).toBeVisible();
    await expect(companyForm(page).getByText("choose the image again")).toBeVisible();
  }
  // An image without alt text.
  await companyForm(page).getByLabel("Alt text of the home cover image (English)").fill("");
  await save();
  await expect(companyForm(page).getByText("Describe the image in its alt text.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto("/Dashboard/Website");
  await expect(companyForm(page).locator("details summary")).toHaveText(versionsBefore!);
  expect(await mediaObjectCount()).toBe(objectsBefore);
  await page.context().close();
});

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

test("an interpreter gets 403 on the studio and on every one of its actions, and changes nothing", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": "10.203.0.1" } });
  const page = await context.newPage();
  await signIn(page, INTERPRETER.email);
  await expect(page.getByRole("link", { name: "Website" })).toHaveCount(0);
  expect((await page.request.get("/Dashboard/Website")).status()).toBe(403);
  expect((await page.request.get("/Dashboard/Website.data")).status()).toBe(403);
  // The public pages as this browser gets them (rendered afresh: it has a session), without the per-request nonce.
  const publicPages = async () =>
    Promise.all(["/", "/Services", "/Aboutus"].map(async (path) => (await (await page.request.get(path)).text()).replace(/nonce="[^"]*"/g, "")));
  const before = await publicPages();
  for (const intent of ["save-company", "save-about", "create-service", "save-service", "delete-service", "move-service", "restore"]) {
    const multipart = {
      intent,
      id: "1",
      basedOn: "1",
      title: "Taken over",
      description: "x",
      email: "a@b.c",
      direction: "down",
      record: "company",
      version: "1",
    };
    expect((await page.request.post("/Dashboard/Website", { multipart })).status(), intent).toBe(403);
    expect((await page.request.post("/Dashboard/Website.data", { multipart })).status(), intent).toBe(403);
  }
  expect(await publicPages()).toEqual(before);
  await context.close();
});
