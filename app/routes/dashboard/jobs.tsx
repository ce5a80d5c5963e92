// /Dashboard/Jobs — "My jobs": the orders assigned to the signed-in person, newest first, a page at a time. No customer details and no
// prices: the work, its languages and its deadline.
import { Pagination } from "~/components/Pagination";
import { OrderTable } from "~/features/orders/OrderTable";
import { pageParam } from "~/domain/paging";
import { failureToasts, load } from "~/request/page-loads.server";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireUser } from "~/request/guards.server";
import { messagesFor, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.orders.jobs.heading);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const page = pageParam(new URL(args.request.url));
  const jobs = await load("the jobs", () => appContext(args.context).backend.orders.jobs(user.id, page));
  return { jobs, toasts: failureToasts(messagesFor(user.locale), jobs) };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const t = useMessages().orders;
  const jobs = loaderData.jobs.ok ? loaderData.jobs.value : { items: [], page: 1, pageCount: 1 };
  return (
    <>
      <h1>{t.jobs.heading}</h1>
      <p>{t.jobs.intro}</p>
      <section aria-labelledby="jobs-list" className="panel">
        <h2 id="jobs-list" className="visually-hidden">
          {t.jobs.heading}
        </h2>
        {jobs.items.length === 0 ? (
          <p className="empty-state">{t.jobs.empty}</p>
        ) : (
          <OrderTable rows={jobs.items} labelledBy="jobs-list" hrefOf={(id) => `/Dashboard/Jobs/${id}`} columns={{ deadline: true }} />
        )}
        <Pagination page={jobs.page} pageCount={jobs.pageCount} anchor="jobs-list" />
      </section>
    </>
  );
}
