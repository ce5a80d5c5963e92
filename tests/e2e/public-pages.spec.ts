// Every public page of SPEC §2, as a visitor gets it: server-rendered HTML (as curl sees it), with
// JavaScript on and off, its title, canonical link, images and headers.
import { expect, test } from "@playwright/test";
import { APP_URL } from "../../playwright.config";
import { collectPageErrors, expectTexts, FOOTER_TEXTS, NAV_TEXTS, PUBLIC_PAGES } from "./support";

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

for (const spec of PUBLIC_PAGES) {
  test.describe(`${spec.path}`, () => {
    test("the first HTML response already holds the page's texts (server-rendered)", async ({ request }) => {
      const response = await request.get(spec.path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      for (const text of [spec.h1, ...spec.texts, ...NAV_TEXTS, ...FOOTER_TEXTS]) {
        expect(html, text).toContain(escapeHtml(text));
      }
      expect(html).toContain('<html lang="en" dir="ltr">');
    });

    test("carries security and cache headers, and comes from the edge cache the second time", async ({ request }) => {
      await request.get(spec.path);
      const response = await request.get(spec.path);
      const headers = response.headers();
      expect(headers["x-edge-cache"]).toBe("HIT");
      // A shared copy cannot carry a secret nonce: its one inline script is allowed by its hash.
      expect(headers["content-security-policy"]).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(await response.text()).not.toMatch(/<script[^>]*\snonce=/);
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["strict-transport-security"]).toBeTruthy();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toBeTruthy();
      expect(headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    });

    test("shows its texts, title and canonical link with JavaScript, without errors", async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(spec.path);
      await expect(page).toHaveTitle(spec.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.h1);
      await expectTexts(page, [...spec.texts, ...FOOTER_TEXTS]);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${APP_URL}${spec.path}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      for (const src of spec.images) {
        const image = page.locator(`img[src="${src}"]`);
        await image.scrollIntoViewIfNeeded();
        await expect(image).toHaveJSProperty("complete", true);
        expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });
      test("shows the same texts", async ({ page }) => {
        await page.goto(spec.path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.h1);
        await expectTexts(page, [...spec.texts, ...NAV_TEXTS, ...FOOTER_TEXTS]);
      });
    });
  });
}

test("the navbar links reach every public page, and the logo is 75px high", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "PUSH home" }).locator("img")).toHaveJSProperty("height", 75);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, path, h1] of [
    ["About us", "/Aboutus", "About us"],
    ["Services", "/Services", "Our Services"],
    ["Contact us", "/Contactus", "Contact us"],
    ["Book an interpreter", "/Book", "Book an interpreter"],
    ["Talk to an interpreter", "/Call", "Talk to an interpreter"],
    ["Home", "/", "PUSH"],
  ] as const) {
    await nav.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  }
});

test("Contactus links to the company's social pages (instagram from the `instegram` column)", async ({ page }) => {
  await page.goto("/Contactus");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "PUSH on Facebook" })).toHaveAttribute("href", "https://www.facebook.com/pushlanguages");
  await expect(main.getByRole("link", { name: "PUSH on Instagram" })).toHaveAttribute("href", "https://www.instagram.com/pushlanguages");
  await expect(main.getByRole("link", { name: "PUSH on LinkedIn" })).toHaveAttribute("href", "https://www.linkedin.com/company/pushlanguages");
  // The contact form posts to the worker's relay route.
  await expect(page.getByRole("form", { name: "Send us a message" })).toHaveAttribute("action", "/api/contact");
});

test("an unknown public path answers 404 with the not-found page", async ({ page, request }) => {
  expect((await request.get("/no-such-page")).status()).toBe(404);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! The Page you requested was not found!");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("robots.txt and sitemap.xml list the public pages", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const { path } of PUBLIC_PAGES) expect(sitemap).toContain(`<loc>${APP_URL}${path}</loc>`);
});

test("images come from /media with a long-lived cache", async ({ request }) => {
  const response = await request.get("/media/Home/homecover.webp");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await request.get("/media/Home/nope.webp")).status()).toBe(404);
});
