// What the content studio's tests (studio-*.spec.ts) share: an admin's browser on the studio, an image fixture to
// upload, and the studio's parts they fill in.
import type { Browser, Page } from "@playwright/test";
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
