// The service card's arrow toggles the description between 120px and 450px (SPEC §2, §9),
// by mouse, by keyboard, and without JavaScript.
import { expect, test, type Locator, type Page } from "@playwright/test";

const card = (page: Page, title: string) => page.getByRole("article", { name: title });
const description = (card: Locator) => card.locator(".service-card__description");
const arrow = (card: Locator) => card.getByRole("button", { name: /^Full description of/ });

async function expectHeight(element: Locator, px: number) {
  // The height animates for 0.3 s; poll until it settles.
  await expect.poll(async () => (await element.boundingBox())?.height).toBe(px);
}

test("the arrow expands a description to 450px and collapses it to 120px", async ({ page }) => {
  await page.goto("/Services");
  const legal = card(page, "Legal Interpreting");
  await expectHeight(description(legal), 120);
  await expect(arrow(legal)).toHaveAttribute("aria-expanded", "false");

  await arrow(legal).click();
  await expect(arrow(legal)).toHaveAttribute("aria-expanded", "true");
  await expectHeight(description(legal), 450);
  // Only that card opened, and the page did not reload.
  await expect(page).toHaveURL("/Services");
  await expectHeight(description(card(page, "Document Translation")), 120);

  await arrow(legal).click();
  await expect(arrow(legal)).toHaveAttribute("aria-expanded", "false");
  await expectHeight(description(legal), 120);
});

test("the arrow works from the keyboard", async ({ page }) => {
  await page.goto("/Services");
  const medical = card(page, "Medical Interpreting");
  await arrow(medical).focus();
  await page.keyboard.press("Enter");
  await expect(arrow(medical)).toHaveAttribute("aria-expanded", "true");
  await expectHeight(description(medical), 450);
  await page.keyboard.press("Space");
  await expect(arrow(medical)).toHaveAttribute("aria-expanded", "false");
  await expectHeight(description(medical), 120);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the arrow opens the card through the URL, and a second card keeps the first open", async ({ page }) => {
    await page.goto("/Services");
    const documents = card(page, "Document Translation");
    await arrow(documents).click();
    await expect(page).toHaveURL(/\/Services\?open=1#service-1$/);
    await expect(arrow(documents)).toHaveAttribute("aria-expanded", "true");
    await expectHeight(description(documents), 450);

    const phone = card(page, "Over-the-Phone Interpreting");
    await arrow(phone).click();
    await expect(page).toHaveURL(/open=1&open=5#service-5$/);
    await expectHeight(description(documents), 450);
    await expectHeight(description(phone), 450);

    await arrow(documents).click();
    await expect(page).toHaveURL(/\/Services\?open=5#service-1$/);
    await expectHeight(description(documents), 120);
  });
});

test("an interpreting service's card offers a booking (/Book) and a live call (/Call), in both languages; a translation service's does not", async ({
  page,
}) => {
  await page.goto("/Services");
  const legal = card(page, "Legal Interpreting");
  await expect(legal.getByRole("link", { name: "Book an interpreter: Legal Interpreting" })).toHaveAttribute("href", "/Book");
  const call = legal.getByRole("link", { name: "Talk to an interpreter now: Legal Interpreting" });
  await expect(call).toHaveText("Talk to an interpreter");
  await expect(card(page, "Document Translation").getByRole("link", { name: /Talk to an interpreter|Book an interpreter/ })).toHaveCount(0);
  await call.click();
  await expect(page).toHaveURL("/Call");

  await page.goto("/ar/Services");
  // (The booking link shares the call link's look, and its class.)
  await expect(page.locator('.service-card__call[href="/ar/Book"]').first()).toHaveText("احجز مترجمًا فوريًا");
  const arabicCall = page.locator('.service-card__call[href="/ar/Call"]').first();
  await expect(arabicCall).toHaveText("تحدّث إلى مترجم");
  await arabicCall.click();
  await expect(page).toHaveURL("/ar/Call");
});
