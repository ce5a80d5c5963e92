import { LegalPage } from "~/components/LegalPage";
import { loadCompanyPage } from "~/request/page-loads.server";
import { publicPageHeaders } from "~/platform/http/headers";
import { pageMeta } from "~/platform/page/meta";
import { localeOfPath } from "~/platform/page/locale";
import type { Route } from "./+types/privacy";
import { appContext } from "~/request/context.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.privacy, path: "/Privacy" }));

export function loader({ url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  return loadCompanyPage(app.backend, localeOfPath(url.pathname), "en");
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData;
  return <LegalPage company={company.ok ? company.value : null} document="privacy" />;
}
