// The top bar on a phone, and the footer of SPEC §2.
import { expect, test } from "@playwright/test";
import { company } from "../../seed/content";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Menu button shows and hides the links", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Services" })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/Services");
    // Escape closes the menu again.
    await menu.click();
    await expect(nav.getByRole("link", { name: "About us" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "About us" })).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the links are simply visible", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact us" })).toBeVisible();
    });
  });
});

test("the footer has the address, email, a 600px map, legal links, copyright and social links", async ({ page }) => {
  await page.goto("/Aboutus");
  const footer = page.getByRole("contentinfo");
  await expect(footer.locator("address")).toHaveText(company.address);
  await expect(footer.getByRole("link", { name: company.email })).toHaveAttribute("href", `mailto:${company.email}`);

  const map = footer.locator("iframe");
  await expect(map).toHaveAttribute("title", `Map showing the PUSH office at ${company.address}`);
  await expect(map).toHaveAttribute("loading", "lazy");
  await expect(map).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=.*&marker=44\.79763,-106\.95858$/);
  await map.scrollIntoViewIfNeeded();
  expect((await map.boundingBox())?.height).toBe(600);
  await expect(footer.getByRole("link", { name: "Open the map on OpenStreetMap" })).toHaveAttribute("href", /mlat=44\.79763/);

  await expect(footer).toContainText("© 2025 PUSH LLC, a limited liability company. All rights reserved.");
  await expect(footer.getByRole("link", { name: "PUSH on Instagram" })).toHaveAttribute("href", company.instegram);
  await expect(footer.getByRole("link", { name: "PUSH on Facebook" })).toHaveAttribute("href", company.facebook);
  await expect(footer.getByRole("link", { name: "PUSH on LinkedIn" })).toHaveAttribute("href", company.linkedin);

  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/Privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page).toHaveURL("/Terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
});

test("the skip link moves focus past the navigation", async ({ page }) => {
  await page.goto("/Services");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});
