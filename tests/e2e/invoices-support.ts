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
import { sampleRateLine } from "../support/rate-line-samples";
import { expect, test } from "./fixtures";

const HOUR = 3_600_000;
/** A backend of no visitor: no session is read (the steps are staff operations the routes would have guarded). */
const request = () => new Request("http://127.0.0.1/");
const SESSION_SECRET = "s".repeat(32);

/** The backend over the data of the server this test's project runs against, and how to let it go. */
export async function serversBackend(): Promise<{ backend: Backend; dispose: () => Promise<void> }> {
  if (test.info().project.name.includes("supabase")) {
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

/**
 * Books a 2-hour on-site Spanish appointment for `customer` at `startsAt` (a past instant), has the sample interpreter
 * accept it, and approves a record of 2 h 10 min held; prices the customer's on-site hours at $65.00 (2 h minimum,
 * 15-minute increments, no surcharges) from 1 January 2026: what "Bill work" bills as one item of $146.25. On the data
 * of the server the test's project runs against (d1 or supabase).
 */
export async function heldAndApproved(customer: { name: string; email: string }, startsAt: number): Promise<void> {
  const { backend, dispose } = await serversBackend();
  try {
    const spanish = (await retried(() => backend.languages.list())).find((language) => language.name === "Spanish");
    if (!spanish) throw new Error("no language Spanish");
    const interpreter = await accountId(backend, "interpreter@example.com");
    const { from, to } = blockedBy({ start: startsAt, minutes: 120, mode: "on_site" });
    const made = await retried(() =>
      backend.appointments.request(
        {
          contact: { name: customer.name, email: customer.email, phone: "+1 303 555 0100", organisation: customer.name },
          ...{ languageId: spanish.id, mode: "on_site", setting: "medical", startsAt, minutes: 120, blockedFrom: from, blockedTo: to },
          ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
          ...{ tokenHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "e"), tokenSealed: "sealed" },
        },
        startsAt - 14 * 24 * HOUR,
      ),
    );
    if (!made.ok) throw new Error(`not booked: ${made.reason}`);
    await retried(() => backend.offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreter], expiresAt: startsAt }, startsAt - 48 * HOUR));
    const [offer] = await retried(() => backend.offers.forAppointment(made.id));
    expect(await retried(() => backend.offers.accept(offer!.id, interpreter, startsAt - 47 * HOUR))).toMatchObject({ ok: true });
    const entry = { actualStart: startsAt + 5 * 60_000, actualEnd: startsAt + 135 * 60_000, travelMinutes: 30, noShow: null };
    expect(await retried(() => backend.records.approve(made.id, { basedOn: 3, entry, by: "admin" }, startsAt + 4 * HOUR))).toMatchObject({ ok: true });
    const line = sampleRateLine({
      customerEmail: customer.email,
      surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 },
      effectiveFrom: "2026-01-01",
    });
    const admin = await accountId(backend, "admin@example.com");
    expect(await retried(() => backend.rates.add(line, admin, startsAt - 30 * 24 * HOUR))).toMatchObject({ ok: true });
  } finally {
    await dispose();
  }
}
