import { data } from "react-router";
import { ErrorPage } from "~/components/ErrorPage";
import { messagesFor, localeOfPath } from "~/platform/page/locale";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: messagesFor(localeOfPath(location.pathname)).meta.notFound.title },
  { name: "description", content: messagesFor(localeOfPath(location.pathname)).meta.notFound.description },
  { name: "robots", content: "noindex" },
];

/** Any unknown public path: the 404 page, with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main id="main" className="container">
      <ErrorPage status={404} />
    </main>
  );
}
