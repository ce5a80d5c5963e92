import { Link } from "react-router";
import { useMessages } from "~/lib/messages";

/** The page shown for a thrown response or an unexpected error: 404, 403 and everything else. */
export function ErrorPage({ status }: { status: number }) {
  const t = useMessages();
  const { heading, hint, link } =
    status === 404
      ? { heading: t.errors.notFound, hint: t.errors.notFoundHint, link: { to: "/", label: t.errors.backHome } }
      : status === 403
        ? { heading: t.dashboard.forbidden, hint: t.dashboard.forbiddenHint, link: { to: "/Dashboard", label: t.dashboard.backToDashboard } }
        : { heading: t.errors.unexpected, hint: t.errors.unexpectedHint, link: { to: "/", label: t.errors.backHome } };
  return (
    <div className="error-page">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{heading}</h1>
      <p>{hint}</p>
      {/* Home is a public page, which is not hydrated: load it as a document. */}
      <Link to={link.to} className="button" reloadDocument={link.to === "/"}>
        {link.label}
      </Link>
    </div>
  );
}
