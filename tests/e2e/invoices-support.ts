// What invoices.spec.ts arranges in the data (issue 26): an on-site appointment that took place, its record approved,
// for a customer of the test's own, and that customer's contract price from before it (the Rates page's form takes
// prices from today on only, so a price for past work is arranged too). The server reads the real clock and an
// appointment is booked hours ahead, so, as appointment-time.ts does, the work is arranged in the data of the server the
// test runs against: booked, offered, accepted and approved as of a day in the past, as the screens would have. The steps
// go through the port, on a backend built as the worker builds it (createBackend) for that server's data: in the d1
// project the server's own D1 (opened beside the running server), in the supabase projects the Supabase double it talks
// to, through the real Supabase adapter.
import { createBackend, type Backend } from "../../app/backend/index.server";
import { blockedBy } from "../../app/domain/appointment-times";
import { PORT, SUPABASE_DOUBLE_KEYS, SUPABASE_DOUBLE_URL } from "../../playwright.config";
import { storageProxy } from "../../scripts/lib/storage-proxy";
import { WebSocket as UndiciWebSocket } from "undici";
import { deliveryBy, orderChange } from "../fixtures/orders";
import { sampleRateLine } from "../support/rate-line-samples";
import { expect, serverOf } from "./fixtures";

const HOUR = 3_600_000;
/** A backend of no visitor: no session is read (the steps are staff operations the routes would have guarded). */
const request = () => new Request("http://127.0.0.1/");
const SESSION_SECRET = "s".repeat(32);

/** The backend over the data of the server this test's project runs against, and how to let it go. */
export async function serversBackend(): Promise<{ backend: Backend; dispose: () => Promise<void> }> {
  if (serverOf() === "supabase") {
    // supabase-js makes a realtime client with every client, and refuses to on Node 20, which has no global WebSocket
    // (Node 22's is undici's, as here). The adapter never opens one (no realtime): only the constructor is needed.
    globalThis.WebSocket ??= UndiciWebSocket as unknown as typeof WebSocket;
    // The double the supabase server is started on (scripts/serve-build.ts --supabase), with the same keys.
    const env = {
      SESSION_SECRET,
      SUPABASE_URL: SUPABASE_DOUBLE_URL,
      SUPABASE_ANON_KEY: SUPABASE_DOUBLE_KEYS.anon,
      SUPABASE_SERVICE_ROLE_KEY: SUPABASE_DOUBLE_KEYS.serviceRole,
    };
    return { backend: createBackend({ env: env as unknown as Env, request: request() }), dispose: async () => {} };
  }
  const proxy = await storageProxy(`.tmp/e2e-${PORT}`);
  return { backend: createBackend({ env: { ...proxy.env, SESSION_SECRET } as unknown as Env, request: request() }), dispose: () => proxy.dispose() };
}

/**
 * Repeats a step the server met with a write of its own: on D1 the server holds the same SQLite files, and a write that
 * meets its commit is refused as busy (SQLITE_BUSY); each step here is refused whole or done whole. (The double serves
 * one request at a time: there a step is never refused so.)
 */
export async function retried<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt === 5 || !/SQLITE_BUSY|internal error/i.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** The id of the sample account with this e-mail (seed/content.ts). */
async function accountId(backend: Backend, email: string): Promise<string> {
  const { items } = await retried(() => backend.accounts.list({ search: email, page: 1 }));
  const account = items.find((each) => each.email === email);
  if (!account) throw new Error(`no account ${email}`);
  return account.id;
}

/** A medical appointment `customer` booked two weeks before `startsAt` (on site at 1 Main St, or by video): its id. */
async function booked(
  backend: Backend,
  customer: { name: string; email: string },
  { languageId, startsAt, minutes, mode }: { languageId: number; startsAt: number; minutes: number; mode: "on_site" | "video" },
): Promise<{ id: number }> {
  const { from, to } = blockedBy({ start: startsAt, minutes, mode });
  const made = await retried(() =>
    backend.appointments.request(
      {
        contact: { name: customer.name, email: customer.email, phone: "+1 303 555 0100", organisation: customer.name },
        ...{ languageId, mode, setting: "medical", startsAt, minutes, blockedFrom: from, blockedTo: to },
        ...{ address: mode === "on_site" ? "1 Main St" : "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "e"), tokenSealed: "sealed" },
      },
      startsAt - 14 * 24 * HOUR,
    ),
  );
  if (!made.ok) throw new Error(`not booked: ${made.reason}`);
  return { id: made.id };
}

/**
 * One customer's billable work of a month, on the data of the server the test's project runs against (d1 or supabase),
 * as "Bill work" bills it in three items:
 * - a 2-hour on-site Spanish appointment at `startsAt` (a past instant), accepted by the interpreter and held
 *   2 h 10 min (its record approved), at the customer's contract price of $65.00 an hour (2 h minimum, 15-minute
 *   increments, no surcharges): $146.25;
 * - a call by the customer's call link the day after, answered by the interpreter and 61 seconds long, at the
 *   customer's $1.50 a minute (1-minute minimum and increments): $3.00;
 * - a translation order completed two days after, at its accepted quote of $250.00.
 * Both prices from 1 January 2026. The interpreter is one of the test's own, who did all three, at their own pay rates: $40.00 an hour on site (as
 * the customer's line), $0.50 a minute for calls, $100.00 for a translation: a statement of $90.00, $1.00 and $100.00.
 * Answers the order's id and the interpreter (their e-mail, password and name).
 */
export async function billableMonth(
  customer: { name: string; email: string },
  startsAt: number,
): Promise<{ orderId: number; interpreter: { email: string; password: string; name: string } }> {
  const { backend, dispose } = await serversBackend();
  try {
    const languages = await retried(() => backend.languages.list());
    const [spanish, arabic] = ["Spanish", "Arabic"].map((name) => languages.find((language) => language.name === name));
    if (!spanish || !arabic) throw new Error("no language Spanish or Arabic");
    const id = crypto.randomUUID().slice(0, 8);
    const person = { fullName: `Rania Saleh ${id}`, gender: "Woman", email: `rania.${id}@example.com`, phone: "+1 307 555 0171", password: "rania-secret-1" };
    const hired = await retried(() => backend.interpreters.create(person));
    if (!hired.ok) throw new Error(`no interpreter: ${hired.reason}`);
    const interpreter = hired.id;
    const admin = await accountId(backend, "admin@example.com");
    const made = await booked(backend, customer, { languageId: spanish.id, startsAt, minutes: 120, mode: "on_site" });
    await retried(() => backend.offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreter], expiresAt: startsAt }, startsAt - 48 * HOUR));
    const [offer] = await retried(() => backend.offers.forAppointment(made.id));
    expect(await retried(() => backend.offers.accept(offer!.id, interpreter, startsAt - 47 * HOUR))).toMatchObject({ ok: true });
    const entry = { actualStart: startsAt + 5 * 60_000, actualEnd: startsAt + 135 * 60_000, travelMinutes: 30, noShow: null };
    expect(await retried(() => backend.records.approve(made.id, { basedOn: 3, entry, by: "admin" }, startsAt + 4 * HOUR))).toMatchObject({ ok: true });
    const noSurcharges = { surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 }, effectiveFrom: "2026-01-01" };
    const onSite = sampleRateLine({ customerEmail: customer.email, ...noSurcharges });
    expect(await retried(() => backend.rates.add(onSite, admin, startsAt - 30 * 24 * HOUR))).toMatchObject({ ok: true });

    const customerId = (await retried(() => backend.appointments.get(made.id)))!.customerId;
    const perMinute = sampleRateLine({
      ...{ customerEmail: customer.email, service: "call", unit: "minute", priceMinor: 150, minimum: 1, increment: 1, lateCancellationMinor: 0 },
      ...noSurcharges,
    });
    expect(await retried(() => backend.rates.add(perMinute, admin, startsAt - 30 * 24 * HOUR))).toMatchObject({ ok: true });
    const answeredAt = startsAt + 24 * HOUR;
    await retried(() =>
      backend.calls.record({
        ...{ id: crypto.randomUUID(), languageId: spanish.id, language: "Spanish", type: "video", callerName: customer.name, customerId },
        ...{ interpreterId: interpreter, interpreterName: person.fullName, outcome: "answered" },
        ...{ requestedAt: answeredAt - 20_000, answeredAt, endedAt: answeredAt + 61_000 },
      }),
    );

    const orderId = await completedOrder(backend, customer, { from: spanish.id, to: arabic.id, interpreter, at: startsAt + 48 * HOUR });

    // The interpreter's own pay rates, from before the work.
    const pay = { side: "pay" as const, interpreterEmail: person.email, ...noSurcharges, lateCancellationMinor: 0 };
    for (const line of [
      sampleRateLine({ ...pay, priceMinor: 4000 }),
      sampleRateLine({ ...pay, service: "call", unit: "minute", priceMinor: 50, minimum: 1, increment: 1 }),
      sampleRateLine({ ...pay, service: "translation", unit: "flat", priceMinor: 10_000, minimum: 1, increment: 1 }),
    ])
      expect(await retried(() => backend.rates.add(line, admin, startsAt - 30 * 24 * HOUR))).toMatchObject({ ok: true });
    return { orderId, interpreter: { email: person.email, password: person.password, name: person.fullName } };
  } finally {
    await dispose();
  }
}

/** A translation order for `customer` taken the whole way to completed at a $250.00 quote, its steps an hour apart from `at`. */
async function completedOrder(
  backend: Backend,
  customer: { name: string; email: string },
  { from, to, interpreter, at }: { from: number; to: number; interpreter: string; at: number },
) {
  const serviceId = (await retried(() => backend.content.services()))[0]!.id;
  const made = await retried(() =>
    backend.orders.create(
      {
        customer: { name: customer.name, email: customer.email, phone: "", company: customer.name },
        ...{ serviceId, sourceLanguageId: from, targetLanguageIds: [to], deadline: "2026-12-30", details: "Discharge letter", locale: "en" },
        ...{ tokenHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "c"), tokenSealed: "sealed", files: [] },
      },
      at - HOUR,
    ),
  );
  if (!made.ok) throw new Error(`no order: ${made.reason}`);
  const quote = { amountMinor: 25_000, currency: "USD", dueDate: "2026-12-20", validUntil: "2026-12-10" };
  const steps = [
    orderChange({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: { quote } }),
    orderChange({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer" }),
    orderChange({
      ...{ transition: "assign", from: "accepted", to: "in_progress", basedOn: 3, interpreterId: interpreter },
      detail: { interpreter: { id: interpreter, name: "The interpreter" } },
    }),
    deliveryBy(interpreter, [{ objectKey: `orders/${crypto.randomUUID()}`, fileName: "letter.pdf", contentType: "application/pdf", size: 10 }]),
    orderChange({ transition: "complete", from: "delivered", to: "completed", basedOn: 5 }),
  ];
  for (const [index, step] of steps.entries())
    expect(await retried(() => backend.orders.transition(made.id, step, at + index * HOUR)), step.transition).toMatchObject({ ok: true });
  return made.id;
}

/**
 * For the Reports page (issue 26, build item 7): `customer` books a video appointment at 17:00 UTC on 10 March of
 * `year` (still requested: counted, not filled), and is billed an issued invoice (10 % tax, which is not revenue) of a
 * Spanish line of $146.25 on that day and an order's line (no language) of $50.00 on 2 April; an interpreter of the
 * test's own is paid $60.00 for the March work. On the data of the
 * server the test's project runs against.
 */
export async function issuedForReports(customer: { name: string; email: string }, year: number): Promise<void> {
  const { backend, dispose } = await serversBackend();
  try {
    const spanish = (await retried(() => backend.languages.list())).find((language) => language.name === "Spanish");
    if (!spanish) throw new Error("no language Spanish");
    const startsAt = Date.UTC(year, 2, 10, 17);
    const made = await booked(backend, customer, { languageId: spanish.id, startsAt, minutes: 60, mode: "video" });
    const customerId = (await retried(() => backend.appointments.get(made.id)))!.customerId;
    const line = { customerId, currency: "USD", rateLineId: null, computation: { kind: "quote" as const, orderId: 1 } };
    await retried(() =>
      backend.invoices.addItems(
        [
          { ...line, source: `appointment:${made.id}`, workDay: `${year}-03-10`, amountMinor: 14625, languageId: spanish.id },
          { ...line, source: `order:reports-${made.id}`, workDay: `${year}-04-02`, amountMinor: 5000, languageId: null },
        ],
        startsAt,
      ),
    );
    const draft = await retried(() =>
      backend.invoices.createDraft({ customerId, currency: "USD", from: `${year}-03-01`, to: `${year}-04-30`, by: "admin" }, startsAt),
    );
    if (!draft.ok) throw new Error(`no draft: ${draft.reason}`);
    expect(await retried(() => backend.invoices.issue(draft.id, { basedOn: 1, taxBasisPoints: 1000, year, by: "admin" }, startsAt))).toMatchObject({
      ok: true,
    });
    // The interpreter's pay for the March work: $60.00 (interpreter cost; the margin is $86.25).
    const id = crypto.randomUUID().slice(0, 8);
    const hired = await retried(() =>
      backend.interpreters.create({
        fullName: `Report Interpreter ${id}`,
        gender: "Woman",
        email: `report.${id}@example.com`,
        phone: "+1 307 555 0172",
        password: "report-secret-1",
      }),
    );
    if (!hired.ok) throw new Error(`no interpreter: ${hired.reason}`);
    const pay = { source: `appointment:${made.id}`, interpreterId: hired.id, workDay: `${year}-03-10`, currency: "USD", amountMinor: 6000 };
    await retried(() => backend.pay.addItems([{ ...pay, rateLineId: null, computation: line.computation }], startsAt));
  } finally {
    await dispose();
  }
}
