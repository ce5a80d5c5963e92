// The site in English and Arabic (issue 12): every public page in both languages, as the first HTML and in the
// browser with JavaScript on and off, each naming its counterpart; Arabic laid out right to left as measured in
// Chromium; axe on every Arabic page. Screenshots of the Arabic pages are attached to the report.
import type { Page } from "@playwright/test";
import { ar } from "../../app/i18n/ar";
import { en } from "../../app/i18n/en";
import { APP_URL } from "../../playwright.config";
import { arabicContent } from "../../seed/content-ar";
import { company, services } from "../../seed/content";
import { expect, expectNotice, test } from "./fixtures";
import { attachScreenshot, axeViolations } from "./support";

/** Each public page: its English path, and what its first HTML must say in each language. */
const PAGES = [
  { path: "/", en: [en.home.welcome, en.home.tagline], ar: [ar.home.welcome, ar.home.tagline, arabicContent.company.description] },
  { path: "/Services", en: [en.services.heading], ar: [ar.services.heading, ...Object.values(arabicContent.services).map((service) => service.title)] },
  { path: "/Aboutus", en: [en.about.heading], ar: [ar.about.heading, arabicContent.about.description] },
  { path: "/Contactus", en: [en.contact.heading, en.contact.formHeading], ar: [ar.contact.heading, ar.contact.formHeading, ar.contact.send] },
  { path: "/Quote", en: [en.quote.heading, en.quote.consent], ar: [ar.quote.heading, ar.quote.consent] },
  { path: "/Call", en: [en.call.heading, en.call.callbackHeading], ar: [ar.call.heading, ar.call.callbackHeading] },
  { path: "/Privacy", en: ["Privacy Policy"], ar: ["سياسة الخصوصية", "النسخة الإنجليزية"] },
  { path: "/Terms", en: ["Terms &amp; Conditions"], ar: ["الشروط والأحكام", "النسخة الإنجليزية"] },
] as const;

const arabicPath = (path: string) => (path === "/" ? "/ar" : `/ar${path}`);
const absolute = (path: string) => `${APP_URL}${path}`;

/** The alternates a page's head names, by hreflang. */
async function alternatesOf(page: Page): Promise<Record<string, string>> {
  const links = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((nodes) => nodes.map((node) => [node.getAttribute("hreflang") ?? "", node.getAttribute("href") ?? ""] as const));
  return Object.fromEntries(links);
}

for (const spec of PAGES) {
  const pair = { en: spec.path, ar: arabicPath(spec.path) } as const;

  test(`${spec.path} and ${pair.ar}: first HTML in its language, lang/dir, switch link, hreflang pairs`, async ({ request }) => {
    for (const locale of ["en", "ar"] as const) {
      const other = locale === "en" ? "ar" : "en";
      const response = await request.get(pair[locale]);
      expect(response.status(), pair[locale]).toBe(200);
      const html = await response.text();
      expect(html).toContain(locale === "en" ? '<html lang="en" dir="ltr">' : '<html lang="ar" dir="rtl">');
      for (const text of spec[locale]) expect(html, `${pair[locale]} says ${text}`).toContain(text);
      // The switch: a plain link to the same page in the other language, named in that language.
      const switchLink = new RegExp(
        `<a href="${pair[other]}" hrefLang="${other}" lang="${other}" dir="${other === "ar" ? "rtl" : "ltr"}">${other === "ar" ? "العربية" : "English"}</a>`,
        "i",
      );
      expect(html).toMatch(switchLink);
      expect(html).toContain(`<link rel="canonical" href="${absolute(pair[locale])}"/>`);
      for (const language of ["en", "ar"] as const) expect(html).toContain(`<link rel="alternate" hrefLang="${language}" href="${absolute(pair[language])}"/>`);
      expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${absolute(pair.en)}"/>`);
    }
    // No redirect by Accept-Language: an Arabic browser asking for the English URL gets the English page.
    const arabicBrowser = await request.get(pair.en, { headers: { "Accept-Language": "ar" }, maxRedirects: 0 });
    expect(arabicBrowser.status()).toBe(200);
    expect(await arabicBrowser.text()).toContain('<html lang="en" dir="ltr">');
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`in the browser, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("every Arabic page: Arabic texts, rtl, and the switch leads to the English page, whose alternates point back", async ({ page }) => {
      test.slow(); // twelve page loads: over 30 s on CI while the other worker runs too
      for (const spec of PAGES) {
        const path = arabicPath(spec.path);
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", "ar");
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const alternates = await alternatesOf(page);
        expect(alternates).toEqual({ en: absolute(spec.path), ar: absolute(path), "x-default": absolute(spec.path) });
        await page.getByRole("link", { name: "English" }).click();
        await expect(page).toHaveURL(absolute(spec.path));
        await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
        expect((await alternatesOf(page)).ar).toBe(absolute(path));
      }
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the Arabic sign-in pages answer in Arabic and stay Arabic", async ({ page }) => {
      await page.goto("/ar/Login");
      await page.getByRole("button", { name: ar.auth.submitLogin }).click();
      await expect(page.getByText(ar.validation.emailRequired).first()).toBeVisible();
      await expect(page).toHaveURL(/\/ar\/Login$/);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      // (axe runs in the page, so only where JavaScript does.)
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

      await page.getByRole("link", { name: ar.auth.forgotLink }).click();
      await expect(page).toHaveURL(/\/ar\/Forgetpassword$/);
      await page.getByLabel(ar.auth.email).fill("nobody@example.com");
      await page.getByRole("button", { name: ar.auth.sendResetLink }).click();
      // The request's answer comes back to the Arabic page (not its data URL), with the toast in Arabic.
      await expectNotice(page, ar.auth.resetLinkSent);
      await expect(page).toHaveURL(/\/ar\/Forgetpassword$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(ar.auth.forgotHeading);
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    });
  });
}

test("the Arabic layout is mirrored: logo at the right edge, the links to its left or, wrapped below it, from the right; the map and logo are not flipped", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/ar");
  const logo = (await page.locator(".site-header__brand img").boundingBox())!;
  const links = page.getByRole("navigation", { name: ar.nav.label }).getByRole("link");
  const viewport = page.viewportSize()!;
  expect(viewport.width - (logo.x + logo.width)).toBeLessThan(120);
  // Beside the logo, every link is to its left. Since the navbar's seventh item (Book an interpreter, issue 25) the
  // links wrap below the logo at this width, as the English ones already did: then each row runs from the right, the
  // first link at the logo's right edge, as the English one starts at the logo's left edge.
  let previous: { x: number; y: number } | null = null;
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    const name = await link.innerText();
    const besideLogo = box.y < logo.y + logo.height;
    if (besideLogo) expect(box.x + box.width, name).toBeLessThanOrEqual(logo.x + 1);
    else if (previous === null || box.y > previous.y + 1)
      expect(logo.x + logo.width - (box.x + box.width), `${name} starts its row at the right`).toBeLessThan(24);
    else expect(box.x + box.width, `${name} is left of the link before it`).toBeLessThanOrEqual(previous.x + 1);
    previous = box;
  }
  expect(await page.locator(".site-header__brand img").evaluate((img) => getComputedStyle(img).transform)).toBe("none");
});

test("a service without an Arabic text shows its English one, marked lang=en dir=ltr", async ({ page }) => {
  const untranslated = services.find((service) => !(service.title in arabicContent.services))!;
  await page.goto("/ar/Services");
  const heading = page.getByRole("heading", { name: untranslated.title });
  await expect(heading).toHaveAttribute("lang", "en");
  await expect(heading).toHaveAttribute("dir", "ltr");
  const translated = page.getByRole("heading", { name: arabicContent.services["Document Translation"]!.title });
  await expect(translated).not.toHaveAttribute("lang", /./);
});

test("mixed-direction text is isolated: the email and phone read left to right inside the Arabic contact page", async ({ page }) => {
  await page.goto("/ar/Contactus");
  for (const text of [company.email, company.phone]) {
    const link = page.locator("main").getByRole("link", { name: text, exact: true });
    await expect(link).toHaveAttribute("dir", "ltr");
  }
});

test("the Arabic pages pass axe, and their screenshots are attached at phone and desktop sizes", async ({ page }, testInfo) => {
  test.setTimeout(240_000); // thirteen page loads, seven axe scans and six full-page screenshots: 1.6 min seen on CI
  for (const spec of PAGES) {
    const path = arabicPath(spec.path);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(path);
      if (size.width === 1280) expect(await axeViolations(page), path).toEqual([]);
      if (["/ar", "/ar/Services", "/ar/Contactus"].includes(path)) {
        await attachScreenshot(page, testInfo, `${path.replaceAll("/", "_")}-${size.width}.png`);
      }
    }
  }
  await page.goto("/ar/no-such-page");
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ar.errors.notFound);
});

test("the sitemap lists every page in both languages, each with its alternates", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const spec of PAGES) {
    expect(xml).toContain(`<loc>${absolute(spec.path)}</loc>`);
    expect(xml).toContain(`<loc>${absolute(arabicPath(spec.path))}</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${absolute(arabicPath(spec.path))}"/>`);
  }
});

test("the Arabic typeface comes from the site itself, on Arabic pages only", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  await page.goto("/", { waitUntil: "networkidle" });
  expect(fonts, "an English page (its one Arabic word, the switch, uses the system's font)").toEqual([]);

  await page.goto("/ar", { waitUntil: "networkidle" });
  expect(fonts.length).toBeGreaterThan(0);
  for (const path of fonts) expect(path).toMatch(/^\/assets\/push-arabic-[47]00-[\w-]+\.woff2$/);
  expect(await page.evaluate(() => document.fonts.check('16px "PUSH Arabic"', "عربي"))).toBe(true);
  const response = await page.request.get(fonts[0]!);
  expect(response.headers()["cache-control"]).toContain("immutable");
  // Subset to the Arabic block: each file is about a tenth of the full family's 200-odd KB.
  expect((await response.body()).length).toBeLessThan(25 * 1024);
});
