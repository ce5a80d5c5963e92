// The port's contract, against the Supabase adapter talking to the strict HTTP double
// (tests/support/supabase-double; run with vitest.contract.config.ts, after tests/contract/).
import { env } from "cloudflare:test";
import { afterAll, expect } from "vitest";
import { createBackend } from "~/backend/index.server";
import type { Backend } from "~/backend/port.server";
import { describeAppointmentListsContract } from "./appointment-lists-suite";
import { describeAppointmentsContract } from "./appointments-suite";
import { describeAppointmentChangesContract } from "./appointment-changes-suite";
import { describeAvailabilityContract } from "./availability-suite";
import { describeBillingSourcesContract } from "./billing-sources-suite";
import { describeCalendarFeedsContract } from "./calendar-feeds-suite";
import { describeCallsContract } from "./calls-suite";
import { describeInvoicesContract } from "./invoices-suite";
import { describeCreditNotesContract } from "./credit-notes-suite";
import { describeReportsContract } from "./reports-suite";
import { describePayContract } from "./pay-suite";
import { describeRatingsContract } from "./ratings-suite";
import { unique } from "./target";
import { describePortalContract } from "./portal-suite";
import { describeSameInterpreterContract } from "./same-interpreter-suite";
import { describePreferencesContract, type RequesterFixture } from "./preferences-suite";
import { describeOffersContract } from "./offers-suite";
import { describeOrdersContract } from "./orders-suite";
import { describeOrganisationsContract } from "./organisations-suite";
import { describeClaimsContract } from "./claims-suite";
import { describePeopleContract } from "./people-suite";
import { describeRatesContract } from "./rates-suite";
import { describeRecordsContract } from "./records-suite";
import { describeRemindersContract } from "./reminders-suite";
import { describeStudioContract } from "./studio-suite";
import { describePortContract } from "./suite";

let since = 0;

const backendFor = (request: Request): Backend => {
  const backend = createBackend({ env, request });
  if (backend.name !== "supabase") throw new Error("expected the Supabase adapter");
  return backend;
};

/** Fresh sample content (and the sample images in the bucket); the request log is kept. */
const reset = async () => {
  await fetch(`${env.SUPABASE_URL!}/__double/reset`, { method: "POST" });
};

describePortContract({
  name: "supabase",
  backendFor,
  prepare: async () => {
    await reset();
    // Only this file's violations are counted below.
    const log = await (await fetch(`${env.SUPABASE_URL!}/__double/requests`)).json<{ seq: number }[]>();
    since = log.at(-1)?.seq ?? 0;
  },
});

describeStudioContract({
  name: "supabase",
  backendFor,
  prepare: reset,
  stored: async (folder, file) => {
    const response = await fetch(`${env.SUPABASE_URL!}/__double/storage/${folder}/${encodeURIComponent(file)}`);
    if (response.status === 404) return null;
    return { bytes: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "" };
  },
});

describeOrdersContract({ name: "supabase", backendFor, prepare: reset });

describeCallsContract({ name: "supabase", backendFor, prepare: reset });

describeAppointmentsContract({ name: "supabase", backendFor, prepare: reset });

describeAppointmentListsContract({ name: "supabase", backendFor, prepare: reset });

describeAvailabilityContract({ name: "supabase", backendFor, prepare: reset });

describeOffersContract({ name: "supabase", backendFor, prepare: reset });

describeRemindersContract({ name: "supabase", backendFor, prepare: reset });

describeCalendarFeedsContract({ name: "supabase", backendFor, prepare: reset });
describeOrganisationsContract({ name: "supabase", backendFor, prepare: reset });
describeClaimsContract({ name: "supabase", backendFor, prepare: reset });

describeRecordsContract({ name: "supabase", backendFor, prepare: reset });
describeAppointmentChangesContract({ name: "supabase", backendFor, prepare: reset });

/**
 * A requester of an organisation, through the double's people fixture (requesterOf): their account, their
 * customer_people row in the organisation (made when missing) and their customers row joined to it.
 */
async function doubleRequester(organisation: string, email: string, admin = false) {
  const response = await fetch(`${env.SUPABASE_URL!}/__double/people`, {
    method: "POST",
    body: JSON.stringify([{ full_name: email.split("@")[0], email, password: "Requester-Pass-1", requesterOf: { organisation, admin } }]),
  });
  const [person] = await response.json<{ id: string; organisation_id: number; customer_id: number }[]>();
  return { accountId: person!.id, email, organisationId: Number(person!.organisation_id), customerId: Number(person!.customer_id) };
}
const addRequester: RequesterFixture = ({ organisation, email, admin }) => doubleRequester(organisation, email, admin);
describePreferencesContract({ name: "supabase", backendFor, prepare: reset, addRequester });
describeSameInterpreterContract({ name: "supabase", backendFor, prepare: reset, addRequester });

describeRatesContract({ name: "supabase", backendFor, prepare: reset });

describeInvoicesContract({ name: "supabase", backendFor, prepare: reset });
describeCreditNotesContract({ name: "supabase", backendFor, prepare: reset });
describeReportsContract({ name: "supabase", backendFor, prepare: reset });
describePayContract({ name: "supabase", backendFor, prepare: reset });
describeRatingsContract({
  name: "supabase",
  backendFor,
  prepare: reset,
  addRequester: (organisation) => doubleRequester(organisation, `${unique("requester")}@example.com`),
});

describePortalContract({
  name: "supabase",
  backendFor,
  prepare: reset,
  requester: (organisation, email) => doubleRequester(organisation, email),
});

describeBillingSourcesContract({ name: "supabase", backendFor, prepare: reset });

// The sample content and nothing else.
describePeopleContract({ name: "supabase", backendFor, prepare: reset });

afterAll(async () => {
  // Every request the adapter made in this file was one the double allows (SPEC §7 or a documented extension).
  const violations = await (await fetch(`${env.SUPABASE_URL!}/__double/violations?since=${since}`)).json();
  expect(violations).toEqual([]);
});
