import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage, homeOfRefusal } from "./components/ErrorPage";
import { Toasts } from "./components/Toasts";
import { errorTitle, metaLocale } from "./platform/page/meta";
import { ENHANCE_PUBLIC_PAGE_SCRIPT } from "./platform/page/enhance";
import { useShouldHydrate } from "./platform/page/hydration";
import { localeAttributes } from "./i18n";
import { localeOfPath, useLocale, type LocaleData } from "./platform/page/locale";
import { useNonce } from "./platform/http/nonce";
import { readFlashToast } from "./request/toast.server";
import stylesheet from "./styles/app.css?url";
import { appContext } from "./request/context.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Routes set their own titles; this one is for an error page rendered by the root boundary. */
export const meta: Route.MetaFunction = ({ error, matches, location }) =>
  error ? [{ title: `${errorTitle(error, metaLocale(matches, location))} — PUSH` }] : [];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  // The worker refused the posted body (too large, not a form): this page only says so.
  if (app.refusal) throw data(null, { status: app.refusal.status });
  const { toast, headers } = await readFlashToast(request, app.config);
  // The URL's language; the dashboard layout names the signed-in person's own (app/platform/page/locale.ts).
  const locale: LocaleData = { uiLocale: localeOfPath(url.pathname) };
  return data({ ...locale, origin: url.origin, flashToast: toast }, { headers: headers ?? undefined });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useShouldHydrate();
  const { lang, dir } = localeAttributes[useLocale()];
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2545" />
        <Meta />
        {/* Stylesheets need no nonce (style-src 'self'); an explicit "" keeps React Router from adding
            the server's nonce, which the browser would not hide on <link> and hydration would flag. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <Toasts />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ENHANCE_PUBLIC_PAGE_SCRIPT }} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main" className="container">
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} home={homeOfRefusal(error)} />
    </main>
  );
}
