// The Invoices pages (/Dashboard/Invoices, issue 26 build items 3-5) as an administrator uses them, with JavaScript on
// and off: a customer's month of work — an appointment held and approved, a call by their call link, a completed order —
// and their contract prices (arranged in the data: invoices-support.ts) → "Bill work" → a draft for the customer's
// month → the three items in words on the draft → Issue → its number and total → Send in the customer's language
// (English, Arabic) → the e-mailed link opens the customer's page, printed as the invoice alone. A month with nothing to
// bill is refused on its field. A payment by hand, and a credit note that takes an amount off (the invoice itself never
// changes). The rest is paid online: "Pay now" on the customer's page → the Stripe double's page → back with a thank-you
// → the event delivered to the webhook (and delivered again: still one payment) → Paid → the Reports page shows the
// customer's revenue, and the interpreter who did the work reads their pay for it. Each test bills a customer of its
// own. On D1 and on the Supabase double (the serial-d1 and supabase projects): the arrangement is made on the data of
// the project's server.
import { orderNumber } from "../../app/domain/order-records";
import { STRIPE_DOUBLE_URL } from "../../playwright.config";
import { ADMIN, expect, expectNotice, mailbox, serverOf, signIn, test, unique } from "./fixtures";
import { billableMonth } from "./invoices-support";
import { axeViolations } from "./support";
import { pdfText } from "../support/poppler";

// One test after the other in each project: on D1 the arrangement writes to the server's SQLite files from a second
// process, and a request the server serves at that moment has been refused as busy (SQLITE_BUSY_SNAPSHOT: "Something went
// wrong on our side." on the other test's page, in two runs out of two).
test.describe.configure({ mode: "default" });

/** A weekday at 10:00 in Denver (16:00 UTC, MDT) in March–October 2026, a different one for each run. */
function pastWeekday(): { startsAt: number; month: string } {
  for (;;) {
    const day = new Date(Date.UTC(2026, 2 + Math.floor(Math.random() * 8), 1 + Math.floor(Math.random() * 28), 16));
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5) return { startsAt: day.getTime(), month: day.toISOString().slice(0, 7) };
  }
}

/** The invoice e-mail relayed to the fake EmailJS for this address (the newest). */
async function invoiceMailTo(email: string): Promise<Record<string, string>> {
  let mail: Record<string, string> | undefined;
  await expect
    .poll(
      async () => {
        mail = (await mailbox())
          .filter((each) => each.mode === "ok" && each.fields.to_email === email && /PUSH-\d{4}-\d{4,}/.test(each.fields.subject ?? ""))
          .at(-1)?.fields;
        return mail;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return mail!;
}

/** The invoice's three lines in words (billableMonth's work), in the order of their days. */
const LINE_WORDS = (orderId: number) => [
  "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $65.00/h = $146.25",
  "1 min 1 s call → 2 min billed (1 min minimum, 1-min increments) × $1.50/min = $3.00",
  `Order ${orderNumber(orderId)} at the accepted quote = $250.00`,
];

/** What the customer reads on their invoice's page (and on the double's page), in each language. */
const CUSTOMER_WORDS = {
  en: {
    pay: "Pay now",
    payIntro: "Pay the open balance of $290.00 by card, on Stripe's secure page.",
    stripePay: "Pay $290.00",
    thanks: "Thank you. Your payment is being confirmed: this page says Paid once it is.",
    partlyPaid: "Partly paid",
    paid: "Paid",
    nothingOpen: "Open balance$0.00",
  },
  ar: {
    pay: "ادفع الآن",
    payIntro: /ادفع الرصيد المستحق البالغ \u200f?290\.00\sUS\$ بالبطاقة/,
    stripePay: /^ادفع \u200f?290\.00\sUS\$$/,
    thanks: "شكرًا لكم. يجري تأكيد دفعتكم، وستظهر هذه الصفحة «مدفوعة» عند تأكيدها.",
    partlyPaid: "مدفوعة جزئيًا",
    paid: "مدفوعة",
    nothingOpen: /الرصيد المستحق\u200f?0\.00\sUS\$/,
  },
} as const;

/** The Stripe double of this project's server (playwright.config.ts). */
const stripeDouble = () => STRIPE_DOUBLE_URL[serverOf()];
const stripeEvents = async (): Promise<{ id: string; session: string; deliveries: number[] }[]> => (await fetch(`${stripeDouble()}/__double/events`)).json();
const stripeRequests = async (): Promise<{ method: string; path: string; status: number; reasons: string[] }[]> =>
  (await fetch(`${stripeDouble()}/__double/requests`)).json();
/** Has the double post the event to the app's webhook, signed as Stripe signs: the webhook's status. */
async function deliver(eventId: string): Promise<number> {
  const answer: { status: number } = await (await fetch(`${stripeDouble()}/__double/deliver/${eventId}`, { method: "POST" })).json();
  return answer.status;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a month of work (an appointment, a call by link, an order) is billed in three lines, issued, sent, shown, paid, reported and paid to its interpreter", async ({
      page,
    }) => {
      test.slow(); // arranged work, a rate line, four posts and their pages
      const id = unique();
      const customer = { name: `Clinic ${id}`, email: `clinic.${id}@example.com` };
      const { startsAt, month } = pastWeekday();
      const { orderId, interpreter } = await billableMonth(customer, startsAt);

      await signIn(page, ADMIN.email);
      // The dashboard's navigation leads to the Invoices page (admins only).
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Invoices", exact: true }).click();
      await expect(page).toHaveURL("/Dashboard/Invoices");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoices");

      await page.getByRole("button", { name: "Bill work" }).click();
      // Other tests' work is billed too, and a test running beside this one may have billed this one's item first (then
      // "0 items made."): the draft below shows it billed either way.
      await expectNotice(page, /^\d+ items? made\. \d+ pay lines? made\.$/);

      const draft = page.getByRole("form", { name: "New draft" });
      // A month before the work: nothing to bill, said on the month's field; no draft made.
      await draft.getByLabel("Customer e-mail").fill(customer.email);
      await draft.getByLabel("Month").fill("2026-01");
      await draft.getByRole("button", { name: "Make the draft" }).click();
      await expect(page.getByText("Nothing to bill for this customer in that month.")).toBeVisible();
      await expect(page.getByRole("form", { name: "New draft" }).getByLabel("Customer e-mail")).toHaveValue(customer.email);

      await page.getByRole("form", { name: "New draft" }).getByLabel("Month").fill(month);
      await page.getByRole("form", { name: "New draft" }).getByRole("button", { name: "Make the draft" }).click();
      await expectNotice(page, "Draft made.");
      await expect(page).toHaveURL(/\/Dashboard\/Invoices\/\d+$/);
      const invoicePath = new URL(page.url()).pathname;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Draft");
      await expect(page.getByText(customer.email)).toBeVisible();
      // The appointment, the call by the customer's link and the order, in the order of their days, each in words.
      const items = page.getByRole("table", { name: "Items" });
      await expect(items.getByRole("row")).toHaveCount(4); // the header and the three items
      for (const [index, words] of LINE_WORDS(orderId).entries()) await expect(items.getByRole("row").nth(index + 1)).toContainText(words);

      await page.getByRole("button", { name: "Issue the invoice" }).click();
      await expectNotice(page, /^Issued as PUSH-\d{4}-\d{4,}\.$/);
      const number = (await page.getByRole("heading", { level: 1 }).textContent())!;
      expect(number).toMatch(/^PUSH-\d{4}-\d{4,}$/);
      await expect(page.locator(".facts").getByText("Issued", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Issue the invoice" })).toHaveCount(0);
      // The panel (the table inside it is a region of the same name too).
      const totals = page.getByRole("region", { name: "Items" }).first();
      await expect(totals).toContainText("Total");
      await expect(totals).toContainText("$399.25");

      // Sent to the customer in their language (English here with JavaScript, Arabic without): the e-mail carries the
      // private link; the invoice is Sent.
      const locale = javaScriptEnabled ? "en" : "ar";
      const t = CUSTOMER_WORDS[locale];
      const stripe = stripeDouble();
      const sending = page.getByRole("form", { name: "Send to the customer" });
      await sending.getByLabel("The customer's language").selectOption(locale);
      await sending.getByRole("button", { name: "Send the invoice" }).click();
      await expectNotice(page, `The invoice was sent to ${customer.email}.`);
      await expect(page.locator(".facts").getByText("Sent", { exact: true })).toBeVisible();
      await expect(page.getByRole("form", { name: "Send to the customer" }).getByRole("button", { name: "Send it again" })).toBeVisible();
      const mail = await invoiceMailTo(customer.email);
      expect(mail.subject).toBe(locale === "en" ? `Invoice ${number} from PUSH` : `الفاتورة ${number} من PUSH`);
      const link = /https?:\/\/\S+\/Invoice\/[A-Za-z0-9_-]{43}/.exec(mail.message ?? "")?.[0];
      expect(link, mail.message).toBeTruthy();
      expect(new URL(link!).pathname.startsWith(locale === "ar" ? "/ar/Invoice/" : "/Invoice/")).toBe(true);
      await expect(page.getByRole("region", { name: "Send to the customer" })).toContainText("Sent");
      // A first payment by bank transfer: partly paid, $299.25 open; more than that is refused on the amount.
      const payment = () => page.getByRole("form", { name: "Record a payment" });
      await payment().getByLabel("Amount (USD)").fill("100");
      await payment().getByLabel("Reference").fill("TRX 881");
      await payment().getByRole("button", { name: "Record the payment" }).click();
      await expectNotice(page, "Payment of $100.00 recorded.");
      await expect(page.locator(".facts").first().getByText("Partly paid", { exact: true })).toBeVisible();
      await payment().getByLabel("Amount (USD)").fill("299.26");
      await payment().getByRole("button", { name: "Record the payment" }).click();
      await expect(page.getByText("That is more than the open balance of $299.25.")).toBeVisible();
      await expect(payment().getByLabel("Amount (USD)")).toHaveValue("299.26");
      // A credit note for a late start: the year's next PUSH-CN number, $9.25 off; $290.00 open.
      const credit = page.getByRole("form", { name: "Issue a credit note" });
      await credit.getByLabel("Amount (USD)").fill("9.25");
      await credit.getByLabel("Reason").fill("Goodwill: a late start");
      await credit.getByRole("button", { name: "Issue the credit note" }).click();
      await expectNotice(page, /^Credit note PUSH-CN-\d{4}-\d{4,} issued\.$/);
      const creditNotes = page.getByRole("table", { name: "Credit notes" });
      await expect(creditNotes.getByRole("row").filter({ hasText: "Goodwill: a late start" })).toContainText("$9.25");
      await expect(page.getByRole("region", { name: "Payments" }).first()).toContainText("Open balance$290.00");
      // (axe runs in the page: scanned where JavaScript runs.)
      if (javaScriptEnabled) expect(await axeViolations(page), "the staff's sent invoice").toEqual([]);

      // The customer's page, as the customer opens it (no session): the same invoice in their language.
      const visitor = await page.context().browser()!.newContext({ javaScriptEnabled });
      try {
        const customerPage = await visitor.newPage();
        await customerPage.goto(new URL(link!).pathname);
        await expect(customerPage.getByRole("heading", { level: 1 })).toHaveText(locale === "en" ? `Invoice ${number}` : `الفاتورة ${number}`);
        await expect(customerPage.locator("main")).toContainText(customer.name);
        const lines = customerPage.locator(".invoice-document__lines");
        if (locale === "en") {
          for (const words of LINE_WORDS(orderId)) await expect(lines).toContainText(words);
          await expect(customerPage.locator(".invoice-document__totals")).toContainText("Total$399.25");
          await expect(customerPage.locator(".invoice-document__totals")).toContainText(/Credit note PUSH-CN-\d{4}-\d{4,}: Goodwill: a late start\$9\.25/);
          await expect(customerPage.locator(".invoice-document__totals")).toContainText("Open balance$290.00");
          await expect(customerPage.locator("main .facts")).toContainText("Partly paid");
        } else {
          await expect(customerPage.locator("html")).toHaveAttribute("dir", "rtl");
          await expect(customerPage.locator(".invoice-document__totals")).toContainText("الإجمالي");
          await expect(customerPage.locator(".invoice-document__totals")).toContainText("الرصيد المستحق");
          await expect(customerPage.locator("main .facts")).toContainText("مدفوعة جزئيًا");
        }
        await expect(customerPage.getByRole("region", { name: t.pay })).toContainText(t.payIntro);
        // Its PDF, from the page's link: the invoice's number, the customer's name and the total in the customer's language
        // (read back by poppler, the Arabic words after NFKC).
        const pdfHref = await customerPage.getByRole("link", { name: locale === "en" ? "Download the PDF" : "نزّل ملف PDF" }).getAttribute("href");
        const pdf = await customerPage.request.get(pdfHref!);
        expect([pdf.status(), pdf.headers()["content-type"], pdf.headers()["cache-control"]]).toEqual([200, "application/pdf", "private, no-store"]);
        const text = await pdfText(await pdf.body());
        for (const word of [number, customer.name, locale === "en" ? "$399.25" : "399.25", locale === "en" ? "Total" : "الإجمالي"])
          expect(text).toContain(word);
        // Printed, it is the invoice alone.
        await customerPage.emulateMedia({ media: "print" });
        await expect(customerPage.locator(".site-header")).toBeHidden();
        await expect(customerPage.locator(".invoice-document__actions")).toBeHidden();
        await expect(customerPage.getByRole("region", { name: t.pay })).toBeHidden();
        await expect(customerPage.getByRole("heading", { level: 1 })).toBeVisible();
        await customerPage.emulateMedia({ media: "screen" });

        // Pay now: Stripe's page (the double's) for the open balance, in the customer's language; paid, back on the
        // invoice's page with a thank-you while Stripe's event is on its way (the double delivers it when told, below).
        await customerPage.getByRole("button", { name: t.pay }).click();
        await expect(customerPage).toHaveURL(new RegExp(`^${stripe}/pay/cs_test_[0-9a-f]+$`));
        const session = new URL(customerPage.url()).pathname.split("/").at(-1)!;
        await expect(customerPage.locator("html")).toHaveAttribute("lang", locale);
        await customerPage.getByRole("button", { name: t.stripePay }).click();
        await expect(customerPage).toHaveURL((url) => url.pathname === new URL(link!).pathname && url.search === "?paid=1");
        await expect(customerPage.getByRole("status").filter({ hasText: t.thanks })).toBeVisible();
        await expect(customerPage.locator("main .facts")).toContainText(t.partlyPaid);
        // Scanned in its language with the thank-you, wide and on a phone (axe runs in the page: a page with JavaScript on).
        const scanned = javaScriptEnabled ? customerPage : await (await page.context().browser()!.newContext({ javaScriptEnabled: true })).newPage();
        if (!javaScriptEnabled) await scanned.goto(`${new URL(link!).pathname}?paid=1`);
        await expect(scanned.getByText(t.thanks)).toBeVisible();
        for (const viewport of [
          { width: 1280, height: 800 },
          { width: 390, height: 844 },
        ]) {
          await scanned.setViewportSize(viewport);
          expect(await axeViolations(scanned), `the customer's invoice page (${locale}) at ${viewport.width} px`).toEqual([]);
        }
        if (!javaScriptEnabled) await scanned.context().close();

        // Stripe's event reaches the webhook, signed: recorded, and the page says Paid, nothing open, nothing to pay.
        const event = (await stripeEvents()).find((each) => each.session === session);
        expect(event?.deliveries).toEqual([]);
        expect(await deliver(event!.id)).toBe(200);
        await customerPage.reload();
        await expect(customerPage.locator("main .facts")).toContainText(t.paid);
        await expect(customerPage.locator("main .facts")).not.toContainText(t.partlyPaid);
        await expect(customerPage.locator(".invoice-document__totals")).toContainText(t.nothingOpen);
        await expect(customerPage.getByText(t.thanks)).toHaveCount(0);
        await expect(customerPage.getByRole("button", { name: t.pay })).toHaveCount(0);
        // The same event delivered again (Stripe redelivers): accepted, and still one payment (the staff's page below).
        expect(await deliver(event!.id)).toBe(200);
        expect((await stripeEvents()).find((each) => each.id === event!.id)?.deliveries).toEqual([200, 200]);
      } finally {
        await visitor.close();
      }
      // Every request the double received was one it expected (the app's Checkout session exactly as Stripe takes it).
      expect((await stripeRequests()).filter((request) => request.reasons.length > 0)).toEqual([]);

      // On the staff's page: paid, nothing more to record, the payments by hand and by card (Stripe's, once).
      await page.goto(invoicePath);
      await expect(page.locator(".facts").first().getByText("Paid", { exact: true })).toBeVisible();
      await expect(page.getByRole("form", { name: "Record a payment" })).toHaveCount(0);
      const payments = page.getByRole("table", { name: "Payments" }).getByRole("row");
      await expect(payments).toHaveCount(3);
      await expect(payments.filter({ hasText: "TRX 881" })).toContainText("$100.00");
      await expect(payments.filter({ hasText: /pi_test_[0-9a-f]+/ })).toContainText("$290.00");
      await expect(payments.filter({ hasText: /pi_test_[0-9a-f]+/ })).toContainText("Card");

      // The list shows it paid, with its number, customer and total.
      await page.getByRole("link", { name: "All invoices" }).click();
      const row = page.getByRole("table", { name: "All invoices" }).getByRole("row").filter({ hasText: customer.email });
      await expect(row).toContainText(number);
      await expect(row).toContainText("$399.25");
      await expect(row).toContainText("Paid");
      // And the accountant's CSV, from the list's link, has its line.
      const csv = await page.request.get((await page.getByRole("link", { name: "Download every invoice (CSV, for the accountant)" }).getAttribute("href"))!);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      // Paid $390.00 (by hand and by card) and $9.25 credited: nothing open.
      const invoiceLine = (await csv.text()).split("\r\n").find((line) => line.startsWith(`${number},`));
      expect(invoiceLine).toMatch(new RegExp(`^${number},paid,.*,USD,399\\.25,0\\.00,399\\.25,390\\.00,9\\.25,0\\.00$`));
      // And the payments' CSV has both of this invoice's: the bank transfer recorded by hand and the card paid online.
      const paymentsCsv = await page.request.get((await page.getByRole("link", { name: "Download every payment (CSV)" }).getAttribute("href"))!);
      const paidLines = (await paymentsCsv.text()).split("\r\n").filter((line) => line.includes(`,${number},`));
      expect(paidLines.map((line) => line.split(",").slice(5, 9).join(","))).toEqual([
        "bank-transfer,TRX 881,USD,100.00",
        expect.stringMatching(/^card,pi_\w+,USD,290\.00$/),
      ]);

      // The Reports page, for the month of the work: the customer's revenue, before tax, is the invoice's three lines.
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reports", exact: true }).click();
      await page.getByLabel("From month").fill(month);
      await page.getByLabel("To month").fill(month);
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(`/Dashboard/Reports?from=${month}&to=${month}`);
      const byCustomer = page.getByRole("table", { name: "Revenue by customer, USD" }).getByRole("row").filter({ hasText: customer.name });
      await expect(byCustomer).toContainText("$399.25");

      // The interpreter who did the work reads their pay for it under My jobs: the same three pieces at their own rates.
      const theirs = await (await page.context().browser()!.newContext({ javaScriptEnabled })).newPage();
      try {
        await signIn(theirs, interpreter.email, { password: interpreter.password, landing: `/Dashboard/Jobs/Pay/${month}` });
        const work = theirs.getByRole("table", { name: "Work" }).getByRole("row");
        await expect(work).toHaveCount(4); // the header and the three lines
        await expect(work.nth(1)).toContainText("2 h 10 min on site → 2 h 15 min paid (2 h minimum, 15-min increments) × $40.00/h = $90.00");
        await expect(work.nth(2)).toContainText("1 min 1 s call → 2 min paid (1 min minimum, 1-min increments) × $0.50/min = $1.00");
        await expect(work.nth(3)).toContainText("$100.00");
        await expect(theirs.locator("main")).toContainText("$191.00");
      } finally {
        await theirs.context().close();
      }
    });
  });
}
