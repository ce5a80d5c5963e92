import { LegalPage } from "~/components/LegalPage";
import { en } from "~/i18n";
import { privacyPolicy } from "~/i18n/en/legal";
import { loadCompanyPage } from "~/lib/content.server";
import { publicPageHeaders } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";
import { appContext } from "~/lib/context.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { ...en.meta.privacy, path: "/Privacy" });

export function loader({ context }: Route.LoaderArgs) {
  const app = appContext(context);
  return loadCompanyPage(app.backend);
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData;
  return <LegalPage company={company.ok ? company.value : null} build={privacyPolicy} fallbackTitle={en.meta.privacy.title} />;
}
