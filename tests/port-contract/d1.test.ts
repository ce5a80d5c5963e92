// The port's contract, against the embedded D1 adapter (a fresh D1 per test file, with the sample content).
import { applyD1Migrations, env, reset } from "cloudflare:test";
import { isSeeded } from "~/backend/d1/seed.server";
import { createBackend } from "~/backend/index.server";
import type { Backend } from "~/backend/port.server";
import { seed } from "../integration/helpers";
import { describeAppointmentListsContract } from "./appointment-lists-suite";
import { describeAppointmentsContract } from "./appointments-suite";
import { describeAppointmentChangesContract } from "./appointment-changes-suite";
import { describeAvailabilityContract } from "./availability-suite";
import { describeOffersContract } from "./offers-suite";
import { describeRemindersContract } from "./reminders-suite";
import { describeCalendarFeedsContract } from "./calendar-feeds-suite";
import { describeRecordsContract } from "./records-suite";
import { describeRatesContract } from "./rates-suite";
import { describeInvoicesContract } from "./invoices-suite";
import { describeCreditNotesContract } from "./credit-notes-suite";
import { describeReportsContract } from "./reports-suite";
import { describePayContract } from "./pay-suite";
import { describeRatingsContract } from "./ratings-suite";
import { addRequester } from "../integration/requester-fixture";
import { unique } from "./target";
import { describePortalContract } from "./portal-suite";
import { describeSameInterpreterContract } from "./same-interpreter-suite";
import { describePreferencesContract } from "./preferences-suite";
import { describeBillingSourcesContract } from "./billing-sources-suite";
import { describeCallsContract } from "./calls-suite";
import { describeOrdersContract } from "./orders-suite";
import { describeOrganisationsContract } from "./organisations-suite";
import { describeClaimsContract } from "./claims-suite";
import { describePeopleContract } from "./people-suite";
import { describeStudioContract } from "./studio-suite";
import { describePortContract } from "./suite";

const backendFor = (request: Request): Backend => {
  const backend = createBackend({ env, request });
  if (backend.name !== "d1") throw new Error("expected the D1 adapter");
  return backend;
};

/** The sample content, unless an earlier suite of this file already loaded it. */
const sampleContent = async () => {
  if (!(await isSeeded(env.DB))) await seed();
};

describePortContract({ name: "d1", backendFor, prepare: seed });

describeStudioContract({
  name: "d1",
  backendFor,
  prepare: sampleContent,
  stored: async (folder, file) => {
    const object = await env.MEDIA.get(`${folder}/${file}`);
    return object ? { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? "" } : null;
  },
});

describeOrdersContract({ name: "d1", backendFor, prepare: sampleContent });

describeCallsContract({ name: "d1", backendFor, prepare: sampleContent });

describeAppointmentsContract({ name: "d1", backendFor, prepare: sampleContent });

describeAppointmentListsContract({ name: "d1", backendFor, prepare: sampleContent });

describeAvailabilityContract({ name: "d1", backendFor, prepare: sampleContent });

describeOffersContract({ name: "d1", backendFor, prepare: sampleContent });

describeRemindersContract({ name: "d1", backendFor, prepare: sampleContent });

describeCalendarFeedsContract({ name: "d1", backendFor, prepare: sampleContent });
describeOrganisationsContract({ name: "d1", backendFor, prepare: sampleContent });
describeClaimsContract({ name: "d1", backendFor, prepare: sampleContent });

describeRecordsContract({ name: "d1", backendFor, prepare: sampleContent });
describeRatesContract({ name: "d1", backendFor, prepare: sampleContent });
describeInvoicesContract({ name: "d1", backendFor, prepare: sampleContent });
describeCreditNotesContract({ name: "d1", backendFor, prepare: sampleContent });
describeReportsContract({ name: "d1", backendFor, prepare: sampleContent });
describePayContract({ name: "d1", backendFor, prepare: sampleContent });
describeRatingsContract({
  name: "d1",
  backendFor,
  prepare: sampleContent,
  addRequester: (organisation) => addRequester({ organisation, email: `${unique("requester")}@example.com` }),
});
describePortalContract({
  name: "d1",
  backendFor,
  prepare: sampleContent,
  requester: async (organisation, email) => ({ organisationId: (await addRequester({ organisation, email })).organisationId }),
});
describeBillingSourcesContract({ name: "d1", backendFor, prepare: sampleContent });
describeAppointmentChangesContract({ name: "d1", backendFor, prepare: sampleContent });
describePreferencesContract({ name: "d1", backendFor, prepare: sampleContent, addRequester });
describeSameInterpreterContract({ name: "d1", backendFor, prepare: sampleContent, addRequester });

describePeopleContract({
  name: "d1",
  backendFor,
  // The sample content and nothing else: an empty database again (as tests/integration/setup.ts leaves each file), seeded.
  prepare: async () => {
    await reset();
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    await seed();
  },
});
