// An issued invoice made through the D1 adapter for the tests of what a customer does with one (Stripe's webhook, Pay
// now): a customer as a booking makes one, one item of TOTAL cents in USD in December 2026, drafted and issued.
import { env } from "cloudflare:test";
import { createD1Backend } from "~/backend/d1/index.server";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { languageId } from "./helpers";
import { ORIGIN } from "./requests";
import { sampleComputation } from "../support/rate-line-samples";

export const NOW = Date.UTC(2026, 11, 8, 17);
/** Each invoice's total (one item, no tax): $182.81. */
export const TOTAL = 18281;
export const d1Backend = () => createD1Backend({ env, request: new Request(`${ORIGIN}/`), sessionSecret: env.SESSION_SECRET });

/** An issued invoice of TOTAL for a new customer with this e-mail (one invoice an e-mail); answers its id. */
export async function issuedInvoice(email: string): Promise<number> {
  const backend = d1Backend();
  const startsAt = NOW + 30 * 24 * 3_600_000;
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
  const made = await backend.appointments.request(
    {
      contact: { name: "Valley Clinic", email, phone: "+1 303 555 0100", organisation: "" },
      ...{ languageId: await languageId("Spanish"), mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: await sha256Hex(`booking of ${email}`), tokenSealed: "sealed" },
    },
    NOW,
  );
  if (!made.ok) throw new Error(made.reason);
  const customerId = (await backend.appointments.get(made.id))!.customerId;
  const item = { source: `appointment:${made.id}`, customerId, workDay: "2026-12-08", currency: "USD", amountMinor: TOTAL, rateLineId: null, languageId: null };
  await backend.invoices.addItems([{ ...item, computation: sampleComputation }], NOW);
  const draft = await backend.invoices.createDraft({ customerId, currency: "USD", from: "2026-12-01", to: "2026-12-31", by: "admin" }, NOW);
  if (!draft.ok) throw new Error(draft.reason);
  const issued = await backend.invoices.issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2026, by: "admin" }, NOW);
  if (!issued.ok) throw new Error(issued.reason);
  return draft.id;
}
