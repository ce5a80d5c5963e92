// SPEC §8 on the real worker whose database has no schema: every content read fails, and the pages
// still render, with the 'Failed to fetch data ...' toast and the footer's error.
import { expect, test } from "@playwright/test";
import { BROKEN_APP_URL } from "../../playwright.config";

test.use({ baseURL: BROKEN_APP_URL });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const path of ["/", "/Services", "/Aboutus", "/Contactus"]) {
      test(`${path} renders with the failure toast and the footer error`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        expect(response?.headers()["cache-control"]).toBe("no-store");
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
        await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch data ..." })).toBeVisible();
        // A short reason and a reference (the full error is in the server's log), never the database's text.
        await expect(page.getByRole("contentinfo")).toContainText(/Error loading footer: the content could not be read just now \(reference [0-9a-f]{8}\)\./);
        expect(await page.content()).not.toMatch(/no such table|SQLITE|D1_ERROR/i);
      });
    }
  });
}

test("the data a script fetches carries no database text either", async ({ request }) => {
  for (const path of ["/_root.data", "/Services.data", "/Contactus.data"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBeLessThan(500);
    const body = await response.text();
    // A reference to quote (the page words it in its own language), never the database's text.
    expect(body, path).toMatch(/"reference","[0-9a-f]{8}"/);
    expect(body, path).not.toMatch(/no such table|SQLITE|D1_ERROR/i);
  }
});
