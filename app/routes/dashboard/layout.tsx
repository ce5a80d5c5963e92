import { Outlet, isRouteErrorResponse, useNavigation, useRouteLoaderData } from "react-router";
import { ErrorPage, homeOfRefusal } from "~/components/ErrorPage";
import { Sidebar } from "~/components/Sidebar";
import type { SessionUser } from "~/domain/auth";
import { localeAttributes, specArabic } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { errorTitle, metaLocale } from "~/platform/page/meta";
import { load } from "~/request/page-loads.server";
import { requireStaff } from "~/request/guards.server";
import { useMessages, type LocaleData } from "~/platform/page/locale";
import type { Route } from "./+types/layout";
import { appContext } from "~/request/context.server";

/** Pages set their own titles; this one is for an error shown in the shell (403, 404, 500). */
export const meta: Route.MetaFunction = (args) =>
  dashboardMeta(args, (t) => (args.error ? errorTitle(args.error, metaLocale(args.matches, args.location)) : t.dashboard.navLabel));

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  // Admins see the inbox's unread count in the sidebar; a failed count only hides the number.
  const unread = user.role === "admin" ? await load("the unread count", () => appContext(args.context).backend.outbox.unreadCount()) : null;
  // Every dashboard page, message and toast in the person's own language (app/platform/page/locale.ts).
  const locale: LocaleData = { uiLocale: user.locale };
  return { ...locale, user, unread: unread?.ok ? unread.value : null };
}

function Shell({ user, unread, children }: { user: SessionUser; unread: number | null; children: React.ReactNode }) {
  const t = useMessages();
  const navigation = useNavigation();
  return (
    <div className="dashboard">
      <a href="#main" className="skip-link">
        {t.nav.skipToContent}
      </a>
      <Sidebar user={user} unread={unread} />
      <main id="main" className="dashboard__content" tabIndex={-1}>
        {navigation.state === "loading" && (
          <p role="status" className="dashboard__loading" {...localeAttributes.ar}>
            {specArabic.dashboard.loading}
          </p>
        )}
        {children}
      </main>
    </div>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell user={loaderData.user} unread={loaderData.unread}>
      <Outlet />
    </Shell>
  );
}

/** A page's 403/404/500 inside the dashboard keeps the sidebar (the layout's own data is still there). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  if (!data) {
    return (
      <main id="main" className="container">
        <ErrorPage status={status} home={homeOfRefusal(error)} />
      </main>
    );
  }
  return (
    <Shell user={data.user} unread={data.unread}>
      <ErrorPage status={status} home={homeOfRefusal(error)} />
    </Shell>
  );
}
