import { LegalPage } from "~/components/LegalPage";
import { loadCompanyPage } from "~/lib/content.server";
import { publicPageHeaders } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";
import { localeOfPath } from "~/lib/locale";
import type { Route } from "./+types/privacy";
import { appContext } from "~/lib/context.server";

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
