// Issue 27's whole flow in real Chromium, with JavaScript on and off, on D1 and on the Supabase adapter: staff invite a
// requester of "Clinic A" (an organisation with a colleague's order, appointment and invoice, and an appointment an
// interpreter held, arranged in the data); the invitation e-mail reaches the fake EmailJS with a working link, which
// sets a password once; signing in at /Login lands on /Account with Clinic A's work and none of "Firm B"'s. The
// requester asks again for a past order's work (the quote form filled in), books an interpreter (filled in), pays
// Clinic A's invoice through the Stripe double and rates the held appointment 4 with a comment, which staff then read
// on the interpreter's page. /Dashboard answers them 403.
import type { Browser } from "@playwright/test";
import { appointmentNumber } from "../../app/domain/appointments";
import { orderNumber } from "../../app/domain/order-records";
import { STRIPE_DOUBLE_URL } from "../../playwright.config";
import { requesterWithWork } from "./account-portal-support";
import { ADMIN, expect, expectNotice, serverOf, signIn, test, unique, pageOfItsOwn } from "./fixtures";
import { requesterWithHeldAppointment } from "./ratings-support";
import { invitationLink, sendRequesterBooking } from "./requester-support";
import { axeViolations } from "./support";

const PASSWORD = "Invited-Pass-1";

// One test after the other in each project: the arrangement writes beside the D1 server (invoices.spec.ts says why).
test.describe.configure({ mode: "default" });

const person = (browser: Browser, javaScriptEnabled: boolean) => pageOfItsOwn(browser, 207, javaScriptEnabled);

for (const javaScriptEnabled of [true, false]) {
  test(`an invited requester of Clinic A: /Account, request again, book, pay, rate; staff read the rating (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const run = unique();
    const organisation = `Clinic A ${run}`;
    const clinic = await requesterWithWork(organisation, `lina.${run}@clinic-a.example`, `Lina ${run}`, 3);
    const held = await requesterWithHeldAppointment(run, organisation);
    const firm = await requesterWithWork(`Firm B ${run}`, `omar.${run}@firm-b.example`, `Omar ${run}`, 4);
    const email = `nour.${run}@clinic-a.example`;

    // ---- Staff invite Nour to Clinic A. ----
    const admin = await person(browser, javaScriptEnabled);
    await signIn(admin, ADMIN.email, { landing: `/Dashboard/Organisations?q=${encodeURIComponent(organisation)}` });
    await admin.getByRole("link", { name: organisation }).click();
    await expect(admin.getByRole("heading", { level: 1, name: organisation })).toBeVisible();
    const invite = admin.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Full name").fill(`Nour ${run}`);
    await invite.getByLabel("E-mail").fill(email);
    await invite.getByLabel("Organisation admin").check();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expectNotice(admin, `An invitation was sent to ${email}.`);
    await expect(admin.getByRole("region", { name: "Pending invitations" }).getByText(email)).toBeVisible();

    // ---- The link sets a password, once. ----
    const link = new URL(await invitationLink(email)).pathname;
    const page = await person(browser, javaScriptEnabled);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Set up your account" })).toBeVisible();
    await expect(page.getByText(`${organisation} invited you.`)).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL(/\/Login\?redirectTo=%2FAccount$/);
    await expectNotice(page, "Your account is ready. Sign in.");

    // ---- Signing in lands on /Account: Clinic A's work, none of Firm B's. ----
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/Account$/);
    const main = page.locator("main");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(organisation);
    await expect(main.getByRole("link", { name: orderNumber(clinic.orderId) })).toBeVisible();
    await expect(main.getByRole("link", { name: appointmentNumber(clinic.appointmentId) })).toBeVisible();
    await expect(main.getByRole("link", { name: clinic.invoiceNumber })).toBeVisible();
    for (const text of [orderNumber(firm.orderId), appointmentNumber(firm.appointmentId), firm.invoiceNumber, firm.name])
      await expect(main).not.toContainText(text);
    // An organisation admin's own pages: colleagues, and asking for a preferred interpreter.
    const bar = page.getByRole("navigation", { name: "Your account" });
    for (const [name, heading] of [
      ["People", `People of ${organisation}`],
      ["Preferred interpreters", "Ask for a preferred interpreter"],
    ]) {
      await bar.getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (javaScriptEnabled) expect(await axeViolations(page), heading).toEqual([]);
    }
    await page.goto("/Account");

    // ---- Request again: a colleague's past order's work fills in the quote form. ----
    await main.getByRole("link", { name: orderNumber(clinic.orderId) }).click();
    await page.getByRole("link", { name: "Request again" }).click();
    await expect(page).toHaveURL(new RegExp(`/Quote\\?again=${clinic.orderId}$`));
    await expect(page.getByText(`Filled in from order ${orderNumber(clinic.orderId)}.`)).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue(`Nour ${run}`);
    await expect(page.getByLabel("Your email")).toHaveValue(email);
    await expect(page.getByLabel("Company (optional)")).toHaveValue(organisation);
    await expect(page.getByLabel("Details (optional)")).toHaveValue("Discharge letters");
    // The colleague's phone is theirs: not carried over.
    await expect(page.getByLabel("Phone (optional)")).toHaveValue("");
    await expect(page.getByLabel("Translate from")).not.toHaveValue("");
    await expect(page.getByRole("group", { name: "Into" }).getByRole("checkbox", { checked: true })).toHaveCount(1);
    if (javaScriptEnabled) expect(await axeViolations(page), "/Quote filled in from an order").toEqual([]);
    await page.getByLabel("Needed by").fill("2031-06-30");
    await page.getByLabel(/I agree that PUSH stores/).check();
    await page.getByRole("button", { name: "Request a quote" }).click();
    await expect(page.getByRole("heading", { name: "Thank you: we have your request" })).toBeVisible();
    const quoted = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Order ", "");

    // ---- A booking, filled in. ----
    await page.goto("/Account");
    await page.getByRole("navigation", { name: "Ask us" }).getByRole("link", { name: "Book an interpreter" }).click();
    await expect(page.getByLabel("Your name")).toHaveValue(`Nour ${run}`);
    await expect(page.getByLabel("Your email")).toHaveValue(email);
    await expect(page.getByLabel("Organisation (optional)")).toHaveValue(organisation);
    await sendRequesterBooking(page);
    await expect(page.getByRole("heading", { name: "Thank you: we have your booking" })).toBeVisible();
    const booked = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Appointment ", "");

    // Both are Clinic A's at once: on /Account beside the colleague's.
    await page.goto("/Account");
    await expect(main.getByRole("link", { name: quoted })).toBeVisible();
    await expect(main.getByRole("link", { name: booked })).toBeVisible();

    // ---- Clinic A's invoice, paid through the Stripe double. ----
    await main.getByRole("link", { name: clinic.invoiceNumber }).click();
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(new RegExp(`^${STRIPE_DOUBLE_URL[serverOf()]}/pay/cs_test_[0-9a-f]+$`));
    await page.getByRole("button", { name: "Pay $120.00" }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/Account/Invoices/${clinic.invoiceId}` && url.search === "?paid=1");
    await expect(page.getByText("Thank you. Your payment is being confirmed")).toBeVisible();

    // ---- The held appointment, rated 4 with a comment. ----
    const comment = `Clear and calm (${run}).`;
    await page.goto(`/Account/Appointments/${held.appointmentId}`);
    await page.getByRole("link", { name: "Rate this appointment" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rate your interpreter" })).toBeVisible();
    await page.getByRole("group", { name: "How was the interpretation?" }).getByLabel("4 stars — Good").check();
    await page.getByLabel("Comment (optional)").fill(comment);
    await page.getByRole("button", { name: "Save my rating" }).click();
    await expectNotice(page, "Thank you: your rating is saved.");

    // ---- Not staff: /Dashboard is refused. ----
    expect((await page.goto("/Dashboard"))?.status()).toBe(403);
    await expect(page.getByRole("link", { name: "Back to your account" })).toHaveAttribute("href", "/Account");
    await expect(page.locator('a[href^="/Dashboard"]')).toHaveCount(0);

    // ---- Staff read the rating on the interpreter's page, with the organisation, never the rater. ----
    await admin.goto(`/Dashboard/Interpreter/${held.interpreter.id}`);
    const ratings = admin.getByRole("region", { name: "Ratings" });
    await expect(ratings.getByText("4.0 out of 5")).toBeVisible();
    await expect(ratings.getByText(comment)).toBeVisible();
    await expect(ratings.getByText(organisation)).toBeVisible();
    await expect(ratings).not.toContainText(email);

    // The invitation is used: its link is the page of an unknown one.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "This invitation link does not work" })).toBeVisible();
    await admin.context().close();
    await page.context().close();
  });
}
