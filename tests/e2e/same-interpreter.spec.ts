// "The same interpreter as last time" (issue 27; ADR 0041 "As built") in real Chromium with JavaScript on, on D1 and on
// the Supabase adapter: a requester of a clinic whose past appointment Noor held books through /Book asking for her
// (the choice is on the page, axe-clean at 1280 and 390 px); staff open the booking and read whom they asked for; Noor
// is the one who can be offered it now, marked as asked for, while Omar — who could take it too — waits for the
// window; staff offer it to Noor. The requester and the past appointment are arranged in the server's data
// (ratings-support.ts), so on D1 this file runs where the arranging tests run (playwright.config.ts ARRANGED_SPECS).
import type { Browser } from "@playwright/test";
import { companyDay } from "./booking-support";
import { ADMIN, expect, expectNotice, signIn, test, unique, pageOfItsOwn } from "./fixtures";
import { retried, serversBackend } from "./invoices-support";
import { REQUESTER_PASSWORD, requesterWithHeldAppointment } from "./ratings-support";
import { axeViolations } from "./support";

const person = (browser: Browser) => pageOfItsOwn(browser, 209);

/** Noor (who held the clinic's appointment) and Omar (new) speak Spanish and work every day from 07:00 to 19:00. */
async function bothCanWork(noorId: string, id: string) {
  const { backend, dispose } = await serversBackend();
  try {
    const spanish = (await retried(() => backend.languages.list())).find((language) => language.name === "Spanish")!;
    const omar = { fullName: `Omar Same ${id}`, gender: "Man", email: `omar.same.${id}@example.com`, phone: "+1 307 555 0172", password: "omar-secret-1" };
    const made = await retried(() => backend.interpreters.create(omar));
    if (!made.ok) throw new Error(`no interpreter: ${made.reason}`);
    for (const who of [noorId, made.id]) {
      await retried(() => backend.links.link(who, spanish.id));
      const week = ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, startMinute: 7 * 60, endMinute: 19 * 60 }));
      expect(await retried(() => backend.availability.setHours(who, week))).toBe(true);
    }
    return omar.fullName;
  } finally {
    await dispose();
  }
}

test("a requester books the same interpreter as last time; staff see whom they asked for and offer it to her while the others wait", async ({ browser }) => {
  test.slow(); // arranged data, two browsers, an axe scan at two widths
  const id = unique();
  const { email, interpreter: noor } = await requesterWithHeldAppointment(`same-${id}`, `Same Clinic ${id}`);
  const omar = await bothCanWork(noor.id, id);

  // ---- The requester books, asking for Noor. ----
  const requester = await person(browser);
  await signIn(requester, email, { landing: null, password: REQUESTER_PASSWORD });
  await requester.goto("/Book");
  const choice = requester.getByLabel("The same interpreter as last time (optional)");
  await expect(choice.locator("option")).toHaveText(["No preference", noor.name]);
  for (const width of [1280, 390]) {
    await requester.setViewportSize({ width, height: 844 });
    expect(await axeViolations(requester), `/Book with the choice at ${width} px`).toEqual([]);
  }
  await requester.setViewportSize({ width: 1280, height: 720 });
  await requester.getByLabel("Language").selectOption({ label: "Spanish" });
  await requester.getByRole("radio", { name: "By video" }).check();
  await requester.getByLabel("Setting").selectOption({ label: "Business" });
  await requester.getByLabel("Date", { exact: true }).fill(companyDay(10));
  await requester.getByLabel("Start time").fill("10:00");
  await requester.getByLabel("Your phone").fill("+1 307 555 0123");
  await choice.selectOption({ label: noor.name });
  await requester.getByLabel(/I agree that PUSH stores these details/).check();
  await requester.getByRole("button", { name: "Book an interpreter" }).click();
  await expect(requester).toHaveURL(/\/Book\/[A-Za-z0-9_-]{43}\?received=1$/);
  const number = /A-\d{6,}/.exec((await requester.getByRole("heading", { level: 1 }).textContent())!)![0];

  // ---- Staff read whom they asked for; Noor can be offered it now, Omar waits for the window. ----
  const admin = await person(browser);
  await signIn(admin, ADMIN.email, { landing: `/Dashboard/Appointments/${Number(number.slice(2))}` });
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Appointment ${number}`);
  await expect(admin.getByText(`${noor.name} (the same interpreter as last time)`, { exact: true })).toBeVisible();
  const panel = admin.getByRole("region", { name: "Who can take it" });
  const eligible = panel.getByRole("list", { name: "Eligible", exact: true });
  await expect(eligible.getByRole("listitem")).toHaveText([`${noor.name} — Asked for on this booking (the same interpreter as last time)`]);
  const waiting = panel
    .getByRole("list", { name: "Not eligible" })
    .locator(":scope > li")
    .filter({ has: admin.getByRole("link", { name: omar, exact: true }) })
    .getByRole("listitem");
  await expect(waiting).toHaveText([/^Offered first to the interpreters preferred for this booking or by the organisation, until /]);

  const form = admin.getByRole("region", { name: "Offer it" });
  await expect(form.getByRole("group", { name: "Offer to" }).getByRole("checkbox")).toHaveCount(1);
  await expect(form.getByRole("checkbox", { name: noor.name })).toBeChecked();
  await form.getByRole("button", { name: "Offer" }).click();
  await expectNotice(admin, "Offered to 1 interpreter.");
  await expect(admin.getByRole("region", { name: "Offers" }).getByRole("row", { name: new RegExp(noor.name) })).toContainText("Waiting");
});
