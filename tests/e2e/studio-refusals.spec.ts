// The content studio in real Chromium, on D1 and on the Supabase adapter: what it refuses — a second admin's save of
// a service the first has changed since (both versions shown; a restore and a deletion after), uploads that store
// nothing, and an interpreter (403 on every action). What it changes on the public site: studio-edits.spec.ts. These
// tests change the public content, so they run after the other projects, one file and one test at a time
// (playwright.config.ts: the studio projects).
import { readdirSync } from "node:fs";
import { PORT, SUPABASE_DOUBLE_URL } from "../../playwright.config";
import { bytesOf } from "../fixtures/images";
import { axeViolations } from "./support";
import { expect, expectNotice, INTERPRETER, signIn, test, unique } from "./fixtures";
import { adminPage, openServiceEditor, companyForm, image, serviceEditor } from "./studio-support";

test.describe.configure({ mode: "serial" });

/** How many objects the public media bucket holds now (D1 run: the R2 bucket's blobs in the server's local state). */
async function mediaObjectCount(): Promise<number> {
  if (test.info().project.name === "studio-supabase") {
    return (await (await fetch(`${SUPABASE_DOUBLE_URL}/__double/storage`)).json<unknown[]>()).length;
  }
  return readdirSync(`.tmp/e2e-${PORT}/v3/r2/push-media/blobs`).length;
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
    await openServiceEditor(page, title);
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
