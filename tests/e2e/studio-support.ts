// What the content studio's tests (studio-*.spec.ts) share: an admin's browser on the studio, an image fixture to
// upload, and the studio's parts they fill in.
import type { Browser, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { bytesOf, type FixtureName } from "../fixtures/images";
import { ADMIN, signIn } from "./fixtures";

/** An image of tests/fixtures/images as a file to upload. */
export const image = (name: FixtureName, fileName: string, mimeType = "image/png") => ({ name: fileName, mimeType, buffer: Buffer.from(bytesOf(name)) });

/** A browser of its own (its own client address), JavaScript on or off, signed in as the admin, on the studio. */
export async function adminPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const octet = () => Math.floor(Math.random() * 256);
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": `10.202.${octet()}.${octet()}` } });
  const page = await context.newPage();
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Website" });
  return page;
}

export const companyForm = (page: Page) => page.getByRole("region", { name: "Company" });
export const serviceEditor = (page: Page) => page.locator("section").filter({ has: page.getByRole("heading", { name: /^Edit “/ }) });

/**
 * Opens a service's editor from the studio's list. A click that lands while the page is still hydrating can be lost
 * (seen once in CI: the list stayed, and the test waited out its 3 minutes), so it is clicked again until the editor
 * shows. A person would click again too; the link itself is what is tested.
 */
export async function openServiceEditor(page: Page, title: string): Promise<void> {
  const link = page.getByRole("link", { name: `Edit ${title}` });
  await expect(async () => {
    if (!(await serviceEditor(page).isVisible())) await link.click();
    await expect(serviceEditor(page)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
