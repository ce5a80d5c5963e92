import { Outlet } from "react-router";
import { Footer, type FooterState } from "~/components/Footer";
import { Navbar } from "~/components/Navbar";
import { loadCompanyPage } from "~/request/page-loads.server";
import { publicPageHeaders } from "~/platform/http/headers";
import type { RouteHandle } from "~/platform/page/hydration";
import { localeOfPath } from "~/platform/page/locale";
import type { Route } from "./+types/layout";
import { appContext } from "~/request/context.server";

export const headers = publicPageHeaders;

/** Public pages are complete as HTML; they get a small enhancement script instead of React. */
export const handle: RouteHandle = { hydrate: false };

export function loader({ url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  return loadCompanyPage(app.backend, localeOfPath(url.pathname));
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData;
  const footer: FooterState = company.ok ? { status: "loaded", company: company.value } : { status: "error", reference: company.reference };
  return (
    <>
      <Navbar />
      <Outlet />
      <Footer state={footer} />
    </>
  );
}
