import { data } from "react-router";
import { ErrorPage } from "~/components/ErrorPage";
import { en } from "~/i18n";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: en.meta.notFound.title },
  { name: "description", content: en.meta.notFound.description },
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
