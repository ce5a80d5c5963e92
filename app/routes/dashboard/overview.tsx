import { LowRatingsPanel } from "~/features/ratings/RatingPanels";
import { localeAttributes, specArabic } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { messagesFor } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireStaff } from "~/request/guards.server";
import { failureToasts, load } from "~/request/page-loads.server";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.overview);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  if (user.role !== "admin") return { lowRatings: null, toasts: [] };
  // Issue 27: admins see the latest ratings of 2 or less flagged here; a failed read only hides them (with a toast).
  const lowRatings = await load("the low ratings", () => appContext(args.context).backend.ratings.lowRatings({ page: 1 }));
  return { lowRatings, toasts: failureToasts(messagesFor(user.locale), lowRatings) };
}

/** SPEC §2: fixed sample figures and a chart placeholder, all in Arabic (no real statistics exist yet). */
const SAMPLE_FIGURES = [
  { label: specArabic.dashboard.overview.totalUsers, value: "1,250" },
  { label: specArabic.dashboard.overview.newRequests, value: "50" },
  { label: specArabic.dashboard.overview.activeCustomers, value: "300" },
];

export default function Overview({ loaderData }: Route.ComponentProps) {
  const low = loaderData.lowRatings;
  return (
    <>
      <SpecOverview />
      {low?.ok && <LowRatingsPanel ratings={low.value.items} />}
    </>
  );
}

function SpecOverview() {
  const o = specArabic.dashboard.overview;
  return (
    <section className="overview" aria-labelledby="overview-title" {...localeAttributes.ar}>
      <h1 id="overview-title">{o.heading}</h1>
      <ul className="stat-cards">
        {SAMPLE_FIGURES.map((figure) => (
          <li key={figure.label} className="stat-card">
            <span className="stat-card__value">{figure.value}</span>
            <span className="stat-card__label">{figure.label}</span>
          </li>
        ))}
      </ul>
      <div className="chart-placeholder" role="img" aria-label={o.chartPlaceholder}>
        <p aria-hidden="true">{o.chartPlaceholder}</p>
      </div>
    </section>
  );
}
