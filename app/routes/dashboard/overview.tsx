import { localeAttributes, specArabic } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireStaff } from "~/request/guards.server";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.overview);

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return null;
}

/** SPEC §2: fixed sample figures and a chart placeholder, all in Arabic (no real statistics exist yet). */
const SAMPLE_FIGURES = [
  { label: specArabic.dashboard.overview.totalUsers, value: "1,250" },
  { label: specArabic.dashboard.overview.newRequests, value: "50" },
  { label: specArabic.dashboard.overview.activeCustomers, value: "300" },
];

export default function Overview() {
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
