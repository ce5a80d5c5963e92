// /Account and /ar/Account (issue 27): the customer portal's shell — the site's top bar (with its language switch, as
// the public pages have it; the language shown is kept as the person's), then the organisation's name, the person's, the portal's nav and Sign out. Each page below
// guards itself too (requireCustomer): a data request or a form post reaches a child route without this loader.
import { Form, NavLink, Outlet, type HeadersFunction } from "react-router";
import { Navbar } from "~/components/Navbar";
import { format } from "~/i18n";
import { localeOfPath, messagesFor, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireCustomer } from "~/request/guards.server";
import type { Route } from "./+types/layout";

/** A person's own page: never cached, never indexed. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });

export const meta: Route.MetaFunction = ({ location }) => [
  { title: messagesFor(localeOfPath(location.pathname)).account.metaTitle },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  // The portal's language is the person's choice (issue 27): switching between /Account and /ar/Account is kept on
  // the account, so the next sign-in lands in it. Not keeping it only costs that; the page is served either way.
  const shown = localeOfPath(args.url.pathname);
  if (shown !== user.locale) {
    await appContext(args.context)
      .backend.auth.setLocale(shown)
      .catch((error: unknown) => console.error("Could not keep a requester's language:", error));
  }
  return { person: { fullName: user.fullName, organisationName: user.organisationName, isAdmin: user.isOrganisationAdmin } };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const t = useMessages().account;
  const href = useLocalizedPath();
  const { person } = loaderData;
  return (
    <>
      <Navbar />
      <div className="account-bar">
        <div className="container account-bar__inner">
          <p className="account-bar__who">
            <strong>
              <bdi>{person.organisationName}</bdi>
            </strong>
            <br />
            <span className="muted">{format(t.nav.signedInAs, { name: person.fullName })}</span>
          </p>
          <nav aria-label={t.nav.label} className="account-bar__nav">
            <NavLink to={href("/Account")} end>
              {t.nav.home}
            </NavLink>
            {/* An organisation's admin invites and removes colleagues, and asks for preferred interpreters. */}
            {person.isAdmin && <NavLink to={href("/Account/People")}>{t.nav.people}</NavLink>}
            {person.isAdmin && <NavLink to={href("/Account/Preferences")}>{t.nav.preferences}</NavLink>}
            <Form method="post" action="/Logout">
              <button type="submit" className="button button--small button--ghost">
                {t.nav.signOut}
              </button>
            </Form>
          </nav>
        </div>
      </div>
      <main id="main" className="page container account-page" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
