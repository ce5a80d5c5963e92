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
        await expect(page.getByRole("contentinfo")).toContainText(/Error loading footer: .*no such table: company/);
      });
    }
  });
}
