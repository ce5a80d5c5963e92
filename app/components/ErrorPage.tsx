import { Link } from "react-router";
import { useMessages } from "~/lib/messages";

/** The page shown for a thrown response or an unexpected error. */
export function ErrorPage({ status }: { status: number }) {
  const t = useMessages();
  const notFound = status === 404;
  return (
    <main id="main" className="error-page container">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{notFound ? t.errors.notFound : t.errors.unexpected}</h1>
      <p>{notFound ? t.errors.notFoundHint : t.errors.unexpectedHint}</p>
      <Link to="/" className="button">
        {t.errors.backHome}
      </Link>
    </main>
  );
}
