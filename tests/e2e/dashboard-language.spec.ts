// The dashboard per person in English or Arabic (issue 12, item 5), and its navigation on a phone (item 4): a new
// interpreter chooses Arabic on Profile, with JavaScript on and off, and every dashboard page is then Arabic and right
// to left, passing axe; on a phone the navigation folds behind a Menu button so each page's content comes first.
import type { Browser, Page } from "@playwright/test";
import { companyDay } from "./booking-support";
import { ar, en } from "../../app/i18n";
import { ADMIN, expect, expectNotice, fillInterpreter, signIn, test, unique } from "./fixtures";
import { attachScreenshot, axeViolations } from "./support";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A browser of its own (cookies, client address), as another device would be. */
async function device(browser: Browser, javaScriptEnabled: boolean, viewport = DESKTOP): Promise<Page> {
  const octet = () => Math.floor(Math.random() * 256);
  const context = await browser.newContext({ javaScriptEnabled, viewport, extraHTTPHeaders: { "CF-Connecting-IP": `10.202.${octet()}.${octet()}` } });
  return context.newPage();
}

/** An admin adds a new interpreter (so changing their language touches no other test's account). */
async function newInterpreter(browser: Browser) {
  const admin = await device(browser, true);
  await signIn(admin, ADMIN.email);
  const id = unique();
  const person = { name: `Rana Saleh ${id}`, gender: "Woman", email: `rana.${id}@example.com`, phone: "+1 307 555 0170", password: "rana-secret-1" };
  await admin.goto("/Dashboard/Interpreter");
  await fillInterpreter(admin, person);
  await expect(admin.getByText(/User added successfully/)).toBeVisible();
  await admin.context().close();
  return person;
}

const menuButton = (page: Page, label: string) => page.locator(".sidebar summary", { hasText: label });

for (const javaScriptEnabled of [true, false]) {
  test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: Arabic chosen on Profile makes every dashboard page Arabic and right to left`, async ({ browser }) => {
    test.setTimeout(150_000); // a new person, three browsers and three axe scans: 45 s alone, more beside another worker
    const person = await newInterpreter(browser);
    const page = await device(browser, javaScriptEnabled);
    await signIn(page, person.email, { password: person.password, landing: "/Dashboard/Profile" });
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await page.getByLabel(en.dashboard.uiLanguage.label, { exact: true }).selectOption("ar");
    await page.getByRole("button", { name: en.dashboard.uiLanguage.save }).click();

    await expectNotice(page, ar.dashboard.uiLanguage.saved);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ar.dashboard.profileHeading);
    const nav = page.getByRole("navigation", { name: ar.dashboard.navLabel });
    await expect(nav.getByRole("link")).toHaveText([
      ar.dashboard.overview,
      ar.dashboard.profile,
      ar.dashboard.calls,
      ar.dashboard.callLogNav,
      ar.dashboard.jobs,
    ]);
    // Right to left: the sidebar sits at the right edge, the page's content to its left.
    const sidebar = (await page.locator(".sidebar").boundingBox())!;
    const content = (await page.locator("main").boundingBox())!;
    expect(sidebar.x).toBeGreaterThan(content.x);
    expect(Math.round(sidebar.x + sidebar.width)).toBe(DESKTOP.width);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    for (const [path, heading] of [
      ["/Dashboard", ar.dashboard.overview],
      ["/Dashboard/Dashboardcall", ar.dashboard.calls],
    ] as const) {
      await nav.getByRole("link", { name: heading, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      if (javaScriptEnabled) expect(await axeViolations(page), path).toEqual([]);
    }

    // Another browser of the same person gets Arabic too: the choice is the account's.
    const phone = await device(browser, javaScriptEnabled, PHONE);
    await signIn(phone, person.email, { password: person.password });
    await expect(phone.locator("html")).toHaveAttribute("lang", "ar");
    await expect(menuButton(phone, ar.nav.menu)).toBeVisible();
    await phone.context().close();

    // And back to English.
    await page.goto("/Dashboard/Profile");
    await page.getByLabel(ar.dashboard.uiLanguage.label, { exact: true }).selectOption("en");
    await page.getByRole("button", { name: ar.dashboard.uiLanguage.save }).click();
    await expectNotice(page, en.dashboard.uiLanguage.saved);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My profile");
    await page.context().close();
  });

  test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: on a phone the dashboard's content comes first, its links behind Menu`, async ({ browser }) => {
    test.slow(); // a sign-in, five page loads and an axe scan
    const page = await device(browser, javaScriptEnabled, PHONE);
    await signIn(page, ADMIN.email, { landing: "/Dashboard/Profile" });
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    const heading = page.getByRole("heading", { level: 1 });
    // The heading is near the top of the first screen; the links (about 680 px of them) are not shown.
    const box = (await heading.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(PHONE.height / 3);
    await expect(nav.getByRole("link", { name: "Interpreters" })).toBeHidden();

    await menuButton(page, "Menu").click();
    await expect(nav.getByRole("link", { name: "Interpreters" })).toBeVisible();
    await expect(page.locator(".sidebar__menu")).toHaveAttribute("open", "");
    // (axe runs in the page, so only where JavaScript does.)
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await nav.getByRole("link", { name: "Languages", exact: true }).click();
    await expect(page).toHaveURL("/Dashboard/Language");
    // The next page opens with the menu folded again and its content first.
    await expect(nav.getByRole("link", { name: "Interpreters" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();

    // The keyboard opens it too (Enter on the focused Menu button).
    await menuButton(page, "Menu").focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Interpreters" })).toBeVisible();

    // From a tablet up there is no Menu button: the links are always there.
    await page.setViewportSize(DESKTOP);
    await expect(menuButton(page, "Menu")).toBeHidden();
    await page.goto("/Dashboard/Profile");
    await expect(nav.getByRole("link", { name: "Interpreters" })).toBeVisible();
    await page.context().close();
  });
}

/**
 * The Latin-script words a page shows as its own text: what is left after leaving out data (elements isolated with
 * <bdi>, marked lang="en" or dir="ltr"), form values, and brand, format and unit names that stay as they are.
 */
async function latinUiWords(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => {
    const skip = "bdi, [lang='en'], [dir='ltr'], [dir='auto'], input, textarea, select, script, style, svg, code, noscript";
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest(skip) || element.closest("[hidden], [aria-hidden='true']")) continue;
      found.push(...(node.textContent ?? "").split(/\s+/).filter((word) => /[A-Za-z]/.test(word)));
    }
    return found;
  });
  // An invoice number (PUSH-2026-0001), a currency's sign as Arabic formatting writes it (US$) and a typed format
  // (YYYY-MM) stay as they are too.
  const kept =
    /^(PUSH(?:-\d{4}-\d{4,})?|US\$|YYYY-MM(?:-DD)?|EmailJS|JavaScript|Facebook|Instagram|LinkedIn|JPEG|PNG|WebP|AVIF|CSV|MB|px|Chrome|Edge|Opera|Firefox|Safari|curl|Android|iOS|Windows|macOS|ChromeOS|Linux|https?:\/\/\S*|[\w.+-]+@[\w.-]+)[.,:;)(]*$/;
  // (Bidi isolates and Arabic punctuation around a word are not part of it.)
  return words.filter(
    (word) =>
      !kept.test(
        word
          .replace(/[\u2066-\u2069]/g, "")
          .replace(/^[(«"“]+/, "")
          .replace(/[،؛]+$/, ""),
      ),
  );
}

test("an administrator's whole dashboard in Arabic: every area right to left, no English UI text, axe clean; headings first on a phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000); // a new person promoted to admin, then each of the sixteen areas at two sizes in two languages, with axe
  const person = await newInterpreter(browser);
  const admin = await device(browser, true);
  await signIn(admin, ADMIN.email, { landing: "/Dashboard/Dashboardusers" });
  const row = admin
    .getByRole("region", { name: "Accounts" })
    .first()
    .getByRole("row")
    .filter({ has: admin.getByRole("cell", { name: person.email, exact: true }) });
  await row.getByLabel(`Change role of ${person.email}`).selectOption("admin");
  await row.getByRole("button", { name: `Save role of ${person.email}` }).click();
  await expect(admin.getByText(`${person.email} is now Administrator.`).first()).toBeVisible();
  await admin.context().close();

  const page = await device(browser, true, PHONE);
  await signIn(page, person.email, { password: person.password });
  // (At this width the links are folded behind Menu, so they are read from the markup.)
  const areas = await page.locator(".sidebar nav a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  expect(areas).toHaveLength(19);
  /** On a phone, each area's heading is on the first screen (the navigation waits behind Menu). */
  const headingsFirst = async (language: string) => {
    await page.setViewportSize(PHONE);
    for (const path of areas) {
      await page.goto(path);
      const box = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
      expect(box.y + box.height, `${language} ${path}: heading bottom`).toBeLessThan(PHONE.height);
      // …and nothing makes the page wider than the phone (wide tables scroll inside their own region).
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${language} ${path}: page width`).toBeLessThanOrEqual(PHONE.width);
    }
  };
  await headingsFirst("English");

  await page.goto("/Dashboard/Profile");
  await page.getByLabel(en.dashboard.uiLanguage.label, { exact: true }).selectOption("ar");
  await page.getByRole("button", { name: en.dashboard.uiLanguage.save }).click();
  await expectNotice(page, ar.dashboard.uiLanguage.saved);
  await headingsFirst("Arabic");

  // An order and its customer, so that the pages of one record are walked too (a quote request, as a visitor sends it).
  const customerEmail = `arabic.walk.${unique()}@example.com`;
  const requested = await page.request.post("/Quote", {
    multipart: { name: "Huda Karim", email: customerEmail, service: "1", source: "1", targets: "2", deadline: "2031-01-31", consent: "on" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(requested.status()).toBe(302);
  await page.goto(`/Dashboard/Orders?q=${encodeURIComponent(customerEmail)}`);
  const orderPath = (await page.locator("main table tbody a").first().getAttribute("href"))!;
  await page.goto(orderPath);
  const customerPath = (await page.locator("a[href^='/Dashboard/Dashboardcustomers/']").first().getAttribute("href"))!;
  // And a booked appointment's page (a booking, as a visitor sends it: tomorrow at noon, by video).
  await page.goto("/Book");
  const spanish = (await page.locator("#book-language option", { hasText: "Spanish" }).getAttribute("value"))!;
  const booked = await page.request.post("/Book", {
    form: {
      ...{ language: spanish, mode: "video", setting: "medical", date: companyDay(1), time: "12:00", duration: "60", address: "", callNumber: "" },
      ...{ name: "Huda Karim", email: customerEmail, phone: "+1 307 555 0100", organisation: "", notes: "", gender: "", consent: "on" },
    },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(302);
  await page.goto(`/Dashboard/Appointments?from=${companyDay(1)}&to=${companyDay(1)}`);
  const appointmentPath = (await page.locator("main table tbody a").first().getAttribute("href"))!;

  await page.setViewportSize(DESKTOP);
  for (const path of [...areas, orderPath, customerPath, appointmentPath]) {
    await page.goto(path);
    await expect(page.locator("html"), path).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    expect.soft(await latinUiWords(page), `${path}: Latin-script UI text`).toEqual([]);
    // Numbers in Western digits, as everywhere on the site (docs/decisions/0017): never ٠١٢٣٤٥٦٧٨٩.
    expect.soft(await page.locator("main").innerText(), `${path}: Arabic-Indic digits`).not.toMatch(/[\u0660-\u0669]/);
    // A table's first column is at its right edge.
    for (const table of await page.locator("main table").all()) {
      const [tableBox, firstHeader] = [(await table.boundingBox())!, (await table.locator("tr").first().locator("th, td").first().boundingBox())!];
      expect(Math.abs(tableBox.x + tableBox.width - (firstHeader.x + firstHeader.width)), `${path}: first column at the right`).toBeLessThan(2);
    }
    expect(await axeViolations(page), path).toEqual([]);
  }
  // The tables isolate what is not Arabic: an email in a right-to-left row still reads left to right.
  await page.goto(`/Dashboard/Interpreter?q=${encodeURIComponent(person.email)}`);
  await expect(page.locator("td bdi[dir='ltr']", { hasText: person.email })).toBeVisible();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto("/Dashboard/Interpreter");
    await attachScreenshot(page, testInfo, `ar-dashboard-interpreters-${size.width}.png`);
  }
  await page.context().close();
});
