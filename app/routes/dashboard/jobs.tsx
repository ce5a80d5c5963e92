// /Dashboard/Jobs — "My jobs": the appointments offered to the signed-in interpreter (accept or decline; the first
// accept wins), the appointments that took place for them to record, their confirmed appointments ahead (until
// their end plus the Join grace; a video appointment's Join inside its window), and the orders assigned to them,
// newest first, a page at a time; and the way to their monthly pay statements (/Dashboard/Jobs/Pay).
// No customer details and no prices: the work, its languages and its deadline.
import { Link, useActionData } from "react-router";
import { MY_PAY_PATH } from "~/features/pay/pay-paths";
import { OwnRatingPanel } from "~/features/ratings/RatingPanels";
import { Pagination } from "~/components/Pagination";
import { useActionToast } from "~/components/Toasts";
import { OrderTable } from "~/features/orders/OrderTable";
import { filterOf } from "~/domain/appointment-lists";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { pageParam } from "~/domain/paging";
import { wallClockOf } from "~/domain/zoned-time";
import { ConfirmedAppointments, JobOffers } from "~/features/appointments/JobOffers";
import { workView } from "~/domain/offers";
import { acceptOffer, declineOffer, offersOf } from "~/features/appointments/offers.server";
import { WorkToRecordPanel } from "~/features/appointments/RecordPanels";
import { recordAttendance, workToRecord } from "~/features/appointments/records.server";
import { interpreterJoin } from "~/features/appointments/appointment-room.server";
import { isStillAhead, JOIN_GRACE_MS } from "~/domain/appointment-join";
import { DURATION } from "~/domain/appointment-times";
import type { FormFailure } from "~/platform/page/form-failure";
import { failureToasts, load } from "~/request/page-loads.server";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { requireStaff } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { messagesFor, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.orders.jobs.heading);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const backend = appContext(args.context).backend;
  const page = pageParam(new URL(args.request.url));
  const now = Date.now();
  // From the day of the earliest start that can still be joined (the longest appointment, plus the grace after it), not
  // from today: just after midnight, a video appointment begun before it is still open, and Join must stay on My jobs.
  // isStillAhead keeps exactly those still open.
  const earliest = wallClockOf(now - DURATION.maxMinutes * 60_000 - JOIN_GRACE_MS, COMPANY_TIME_ZONE).date;
  const ahead = filterOf({ from: earliest, to: null, status: "confirmed", languageId: null, interpreterId: user.id, mode: null, page: 1 });
  const [jobs, offers, appointments, toRecord, ownRating] = await Promise.all([
    load("the jobs", () => backend.orders.jobs(user.id, page)),
    load("the offers", () => offersOf({ backend, userId: user.id, now })),
    load("the appointments", async () => (await backend.appointments.list(ahead)).items.filter((item) => isStillAhead(item, now)).map(workView)),
    load("the appointments to record", () => workToRecord(backend, user.id, now)),
    // Issue 27: their own average and count, never who rated.
    load("your ratings", () => backend.ratings.ownAverage(user.id)),
  ]);
  const toasts = failureToasts(messagesFor(user.locale), jobs, offers, appointments, toRecord, ownRating);
  return { jobs, offers, appointments, toRecord, ownRating, now, toasts };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  return runIntent(
    { ...args, user },
    { "accept-offer": acceptOffer, "decline-offer": declineOffer, record: recordAttendance, "join-appointment": interpreterJoin },
  );
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const t = m.orders;
  const failure: FormFailure | null = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const { offers, appointments, toRecord, ownRating, now } = loaderData;
  const jobs = loaderData.jobs.ok ? loaderData.jobs.value : { items: [], page: 1, pageCount: 1 };
  return (
    <>
      <h1>{t.jobs.heading}</h1>
      <JobOffers offers={offers.ok ? offers.value : []} now={now} failure={failure} />
      <WorkToRecordPanel work={toRecord.ok ? toRecord.value : []} failure={failure} />
      <ConfirmedAppointments appointments={appointments.ok ? appointments.value : []} now={now} failure={failure} />
      <section aria-labelledby="jobs-list" className="panel">
        <h2 id="jobs-list">{t.jobs.ordersHeading}</h2>
        <p>{t.jobs.intro}</p>
        {jobs.items.length === 0 ? (
          <p className="empty-state">{t.jobs.empty}</p>
        ) : (
          <OrderTable rows={jobs.items} labelledBy="jobs-list" hrefOf={(id) => `/Dashboard/Jobs/${id}`} columns={{ deadline: true }} />
        )}
        <Pagination page={jobs.page} pageCount={jobs.pageCount} anchor="jobs-list" />
      </section>
      {ownRating.ok && <OwnRatingPanel summary={ownRating.value} />}
      <section aria-labelledby="jobs-pay" className="panel">
        <h2 id="jobs-pay">{m.pay.jobs.heading}</h2>
        <p>{m.pay.jobs.intro}</p>
        <p>
          <Link to={MY_PAY_PATH}>{m.pay.jobs.link}</Link>
        </p>
      </section>
    </>
  );
}
