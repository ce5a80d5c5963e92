import { ar, en, localeAttributes } from "~/i18n";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/placeholder";

// SPEC §2: Dashboardcustomers and Orders are headings only, for now (Dashboardusers is the Users page).
const AREAS = {
  dashboardcustomers: { title: en.dashboard.customers, heading: ar.dashboard.placeholders.customers },
  orders: { title: en.dashboard.orders, heading: ar.dashboard.placeholders.orders },
} as const;

function areaOf(url: URL): keyof typeof AREAS {
  const last = url.pathname.replace(/\.data$/, "").split("/").pop()?.toLowerCase() ?? "";
  return last in AREAS ? (last as keyof typeof AREAS) : "orders";
}

export const meta: Route.MetaFunction = ({ loaderData }) => dashboardMeta(loaderData ? AREAS[loaderData.area].title : "");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { area: areaOf(args.url) };
}

export default function Placeholder({ loaderData }: Route.ComponentProps) {
  return <h1 {...localeAttributes.ar}>{AREAS[loaderData.area].heading}</h1>;
}
