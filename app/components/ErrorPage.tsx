import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { sameSitePath, useLocalizedPath, useMessages } from "~/platform/page/locale";

/**
 * The page shown for a thrown response or an unexpected error: 404, 403, a refused form, and everything else. A 403
 * names the signed-in person's own home (the guards send it): a customer's requester is never shown a link to the
 * dashboard (issue 27).
 */
export function ErrorPage({ status, home }: { status: number; home?: string }) {
  const t = useMessages();
  const href = useLocalizedPath();
  const { pathname } = useLocation();
  const refusedForm = status === 400 || status === 413 || status === 415;
  const { heading, hint, link } =
    status === 404
      ? { heading: t.errors.notFound, hint: t.errors.notFoundHint, link: { to: href("/"), label: t.errors.backHome } }
      : status === 403
        ? home !== undefined && /^(\/ar)?\/Account$/.test(home)
          ? { heading: t.dashboard.forbidden, hint: t.dashboard.forbiddenCustomerHint, link: { to: home, label: t.dashboard.backToAccount } }
          : { heading: t.dashboard.forbidden, hint: t.dashboard.forbiddenHint, link: { to: "/Dashboard", label: t.dashboard.backToDashboard } }
        : refusedForm
          ? {
              heading: status === 413 ? t.errors.tooLarge : t.errors.notAForm,
              hint: status === 413 ? t.errors.tooLargeHint : t.errors.notAFormHint,
              link: { to: sameSitePath(pathname), label: t.errors.backToForm },
            }
          : { heading: t.errors.unexpected, hint: t.errors.unexpectedHint, link: { to: href("/"), label: t.errors.backHome } };
  return (
    <div className="error-page">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{heading}</h1>
      <p>{hint}</p>
      {/* Public pages are not hydrated (and a refused form's page is loaded afresh): load them as documents. */}
      <Link to={link.to} className="button" reloadDocument={link.to === href("/") || refusedForm}>
        {link.label}
      </Link>
    </div>
  );
}

/** The home a guard's 403 names (`{ home }` in its data), for ErrorPage. */
export function homeOfRefusal(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 403) return undefined;
  const home: unknown = (error.data as { home?: unknown } | null)?.home;
  return typeof home === "string" ? home : undefined;
}
