import { localeAttributes, specArabic, type Messages } from "~/i18n";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/placeholder";

// SPEC §2: Dashboardcustomers and Orders are headings only, for now (Dashboardusers is the Users page).
const AREAS = {
  dashboardcustomers: { title: (t: Messages) => t.dashboard.customers, heading: specArabic.dashboard.placeholders.customers },
  orders: { title: (t: Messages) => t.dashboard.orders, heading: specArabic.dashboard.placeholders.orders },
} as const;

function areaOf(url: URL): keyof typeof AREAS {
  const last = url.pathname.replace(/\.data$/, "").split("/").pop()?.toLowerCase() ?? "";
  return last in AREAS ? (last as keyof typeof AREAS) : "orders";
}

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => (args.loaderData ? AREAS[args.loaderData.area].title(t) : ""));

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { area: areaOf(args.url) };
}

export default function Placeholder({ loaderData }: Route.ComponentProps) {
  return <h1 {...localeAttributes.ar}>{AREAS[loaderData.area].heading}</h1>;
}
