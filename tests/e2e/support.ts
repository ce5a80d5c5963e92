// What each public page must show (SPEC §2), taken from the sample content the e2e server is seeded with.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { about, company, services } from "../../seed/content";

export const FOOTER_TEXTS = [
  company.address,
  company.email,
  "Privacy Policy",
  "Terms & Conditions",
  "© 2025 PUSH LLC, a limited liability company. All rights reserved.",
];
export const NAV_TEXTS = ["Home", "About us", "Services", "Contact us", "Book an interpreter", "Talk to an interpreter", "Request a quote"];

export const PUBLIC_PAGES = [
  {
    path: "/",
    title: "PUSH — Translation and Interpretation Services",
    h1: company.title,
    texts: ["WELCOM TO PUSH", "WE HELP YOUR BUSINESS", "Dedicated Team", "24/7 Customer support", company.description],
    images: ["/media/Home/homecover.webp"],
  },
  {
    path: "/Services",
    title: "Services — PUSH",
    h1: "Our Services",
    texts: services.map((service) => service.title),
    images: services.map((service) => `/media/Services/${service.photourl}`),
  },
  {
    path: "/Aboutus",
    title: "About us — PUSH",
    h1: "About us",
    texts: [about.description],
    images: [`/media/Aboutus/${about.photoaurl}`, `/media/Aboutus/${about.photoburl}`],
  },
  {
    path: "/Contactus",
    title: "Contact us — PUSH",
    h1: "Contact us",
    texts: [company.address, company.email, company.phone],
    images: ["/media/Contactus/contactcover.webp"],
  },
  {
    path: "/Privacy",
    title: "Privacy Policy — PUSH",
    h1: "Privacy Policy",
    texts: [
      "Version 1.0",
      "Effective March 21, 2025",
      "Information We Collect",
      "How We Use Your Information",
      "How We Share Information",
      "Data Security",
      "Your Rights",
      "Cookies",
      "Updates to This Policy",
      "Contact Us",
      company.email,
      company.phone,
    ],
    images: [],
  },
  {
    path: "/Terms",
    title: "Terms & Conditions — PUSH",
    h1: "Terms & Conditions",
    texts: [
      "Version 1.0",
      "Effective March 21, 2025",
      ...Array.from({ length: 10 }, (_, i) => `${i + 1}. `),
      "United States",
      "Wyoming",
      company.email,
      company.phone,
    ],
    images: [],
  },
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * An axe scan for WCAG 2 A and AA: the list of violations, which must be empty. It first waits for the
 * page's toasts to go (at most 4 s, SPEC §9) and for running animations to end: contrast measured while a
 * toast fades in or out is not what anyone reads. (Toasts themselves: #363636 on white, 12.6:1.)
 *
 * axe runs once in the page (`axe.run`, the builder's legacy mode) and details only the violations; the builder's
 * default runs each frame apart and finishes in a new blank page, which took twice as long here (1.3-2 s against
 * 0.75 s a public page) for the same verdict. The one iframe is the footer's third-party map, whose content is not
 * ours (its title, which is, is checked on our page).
 */
export async function axeViolations(page: Page) {
  await page.waitForFunction(() => !document.querySelector(".toasts [role=status]"), undefined, { timeout: 8000 });
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  // (options() replaces every option set before it, the tags included: it comes first.)
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations", "incomplete"], iframes: false })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .analyze();
  // axe files text of the same colour as its background (1:1) under "needs review", as if it might be hidden on
  // purpose. Here it never is: a button's text vanished that way (white on a white panel) and axe said nothing.
  const invisibleText = results.incomplete
    .filter((result) => result.id === "color-contrast")
    .map((result) => ({ ...result, nodes: result.nodes.filter((node) => node.any.some((check) => /\b1:1 contrast ratio/.test(check.message))) }))
    .filter((result) => result.nodes.length > 0);
  return [...results.violations, ...invisibleText].map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/** Collects console errors and uncaught exceptions of a page (the map iframe is cross-origin and not included). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

export async function expectTexts(page: Page, texts: readonly string[]) {
  const body = page.locator("body");
  for (const text of texts) await expect(body).toContainText(text);
}

/**
 * A full-page screenshot kept as a file in the test's output folder (test-results/…, kept for passing tests too) and
 * attached to the report: what a reviewer opens to see the page as the test saw it.
 */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}
