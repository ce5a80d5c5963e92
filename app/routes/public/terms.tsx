import { LegalPage } from "~/components/LegalPage";
import { en } from "~/i18n";
import { termsAndConditions } from "~/i18n/en/legal";
import { loadCompanyPage } from "~/lib/content.server";
import { publicPageHeaders } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/terms";
import { appContext } from "~/lib/context.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { ...en.meta.terms, path: "/Terms" });

export function loader({ context }: Route.LoaderArgs) {
  const app = appContext(context);
  return loadCompanyPage(app.backend);
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData;
  return <LegalPage company={company.ok ? company.value : null} build={termsAndConditions} fallbackTitle={en.meta.terms.title} />;
}
