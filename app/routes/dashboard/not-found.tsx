import { data } from "react-router";
import { ErrorPage } from "~/components/ErrorPage";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireStaff } from "~/request/guards.server";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.meta.notFound.title);

/** Any other path under /Dashboard (signed-in users only): the 404 page, status 404. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return data(null, { status: 404 });
}

export default function DashboardNotFound() {
  return <ErrorPage status={404} />;
}
