// /Dashboard/Jobs/<id> — one of the signed-in person's jobs: the documents to translate and, while the work is in
// progress, the delivery upload that marks it delivered. An order not assigned to them is a 404.
import { Panel } from "~/components/Panel";
import { data, Link, useActionData } from "react-router";
import { useActionToast } from "~/components/Toasts";
import { OrderFacts, OrderFiles, OrderHeading } from "~/features/orders/OrderParts";
import { DeliverForm } from "~/features/orders/StaffSteps";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import type { FormFailure } from "~/platform/page/form-failure";
import { requireStaff } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/job";
import { deliverOrder, orderOr404 } from "~/features/orders/order-actions.server";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.orders.jobs.heading);

async function jobOf(args: Route.LoaderArgs | Route.ActionArgs, userId: string) {
  const orderId = Number(args.params.orderId);
  const job = Number.isSafeInteger(orderId) && orderId > 0 ? await appContext(args.context).backend.orders.job(userId, orderId) : null;
  if (!job) throw data(null, { status: 404 });
  return job;
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  return { job: await jobOf(args, user.id) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  const job = await jobOf(args, user.id);
  // The state machine judges the whole order (its status and version), which the job's page showed.
  const order = await orderOr404(appContext(args.context).backend, String(job.id));
  return runIntent({ ...args, user }, { deliver: deliverOrder(order, "interpreter") });
}

export default function Job({ loaderData }: Route.ComponentProps) {
  const t = useMessages().orders;
  const { job } = loaderData;
  const failure: FormFailure | null = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  return (
    <>
      <p>
        <Link to="/Dashboard/Jobs">{t.jobs.back}</Link>
      </p>
      <OrderHeading id={job.id} status={job.status} />
      <section aria-labelledby="job-heading" className="panel">
        <h2 id="job-heading">{t.fields.details}</h2>
        <OrderFacts {...job}>
          <dt>{t.fields.details}</dt>
          <dd className="pre-line" dir="auto">
            {job.details || t.fields.noDetails}
          </dd>
        </OrderFacts>
      </section>
      <OrderFiles orderId={job.id} files={job.files} />
      {job.status === "in_progress" && (
        <Panel id="actions" heading={t.detail.actions}>
          <DeliverForm version={job.version} failure={failure} hint={t.jobs.deliverHint} />
        </Panel>
      )}
    </>
  );
}
