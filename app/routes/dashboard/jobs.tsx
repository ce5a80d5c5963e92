// /Dashboard/Jobs — "My jobs": the orders assigned to the signed-in person, newest first. No customer details and no
// prices: the work, its languages and its deadline.
import { Link } from "react-router";
import { StatusBadge } from "~/components/orders/OrderParts";
import { orderNumber } from "~/domain/order-records";
import { format, formatDate } from "~/i18n";
import { failureToasts, load } from "~/lib/content.server";
import { appContext } from "~/lib/context.server";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireUser } from "~/lib/guards.server";
import { messagesFor, useLocale, useMessages } from "~/lib/locale";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.orders.jobs.heading);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const jobs = await load("the jobs", () => appContext(args.context).backend.orders.jobs(user.id));
  return { jobs, toasts: failureToasts(messagesFor(user.locale), jobs) };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const t = useMessages().orders;
  const locale = useLocale();
  const jobs = loaderData.jobs.ok ? loaderData.jobs.value : [];
  return (
    <>
      <h1>{t.jobs.heading}</h1>
      <p>{t.jobs.intro}</p>
      <section aria-labelledby="jobs-list" className="panel">
        <h2 id="jobs-list" className="visually-hidden">
          {t.jobs.heading}
        </h2>
        {jobs.length === 0 ? (
          <p className="empty-state">{t.jobs.empty}</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="jobs-list" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t.list.order}</th>
                  <th scope="col">{t.fields.service}</th>
                  <th scope="col">{t.fields.languages}</th>
                  <th scope="col">{t.fields.deadline}</th>
                  <th scope="col">{t.fields.status}</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <tr key={job.id}>
                    <th scope="row">
                      <Link to={`/Dashboard/Jobs/${job.id}`}>
                        <bdi dir="ltr">{orderNumber(job.id)}</bdi>
                      </Link>
                    </th>
                    <td>
                      <bdi>{job.serviceTitle}</bdi>
                    </td>
                    <td>
                      <bdi>{format(t.fields.languagePair, { source: job.sourceLanguage, targets: job.targetLanguages.join(", ") })}</bdi>
                    </td>
                    <td>
                      <time dateTime={job.deadline}>{formatDate(locale, job.deadline, { dateStyle: "medium" })}</time>
                    </td>
                    <td>
                      <StatusBadge status={job.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
