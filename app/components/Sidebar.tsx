import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import type { SessionUser } from "~/domain/auth";
import { localeAttributes, plural, specArabic } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { Avatar } from "./Avatar";

type Area = { to: string; label: string; adminOnly?: boolean; end?: boolean; badge?: number | null; badgeLabel?: string };

/**
 * The dashboard's navigation. Below a tablet width it folds behind a Menu button so each page's content comes first:
 * a `<details>`, which opens and closes without JavaScript and tells screen readers whether it is expanded. From
 * 900 px up the CSS shows its content whatever its state (`::details-content`) and hides the button.
 */
export function Sidebar({ user, unread }: { user: SessionUser; unread: number | null }) {
  const t = useMessages();
  const locale = useLocale();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // A link followed from the open menu lands on its page with the menu folded again (the sidebar stays mounted).
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const d = t.dashboard;
  const areas: Area[] = [
    { to: "/Dashboard", label: d.overview, end: true },
    { to: "/Dashboard/Profile", label: d.profile },
    { to: "/Dashboard/Interpreter", label: d.interpreters, adminOnly: true },
    { to: "/Dashboard/Language", label: d.languages, adminOnly: true },
    { to: "/Dashboard/UserLanguages", label: d.userLanguages, adminOnly: true },
    { to: "/Dashboard/Website", label: d.website, adminOnly: true },
    { to: "/Dashboard/Inbox", label: d.inbox, adminOnly: true, badge: unread, badgeLabel: plural(locale, d.inboxUnread, unread ?? 0) },
    { to: "/Dashboard/Dashboardcall", label: d.calls },
    // Everyone: administrators read every call, an interpreter their own.
    { to: "/Dashboard/Calls", label: d.callLogNav },
    // Anyone can be assigned an order (an administrator who also interprets, too).
    { to: "/Dashboard/Jobs", label: d.jobs },
    { to: "/Dashboard/Dashboardcustomers", label: d.customers, adminOnly: true },
    { to: "/Dashboard/Dashboardusers", label: d.users, adminOnly: true },
    { to: "/Dashboard/Organisations", label: t.organisations.nav, adminOnly: true },
    { to: "/Dashboard/Orders", label: d.orders, adminOnly: true },
    { to: "/Dashboard/Appointments", label: d.appointments, adminOnly: true },
    { to: "/Dashboard/Rates", label: d.rates, adminOnly: true },
    { to: "/Dashboard/Invoices", label: d.invoices, adminOnly: true },
    { to: "/Dashboard/Reports", label: d.reports, adminOnly: true },
    { to: "/Dashboard/Pay", label: d.pay, adminOnly: true },
  ];
  const visible = areas.filter((area) => !area.adminOnly || user.role === "admin");

  return (
    <aside className="sidebar">
      {user.profile ? (
        <div className="sidebar__user">
          <Avatar userId={user.id} name={user.profile.fullName} />
          <div>
            <Link to="/Dashboard/Profile" className="sidebar__name">
              <bdi>{user.profile.fullName}</bdi>
            </Link>
            <p className="sidebar__role">{d.roles[user.role]}</p>
          </div>
        </div>
      ) : (
        <p className="sidebar__user" {...localeAttributes.ar}>
          {specArabic.dashboard.noUserData}
        </p>
      )}
      <details className="sidebar__menu" ref={menu}>
        <summary className="sidebar__menu-toggle">
          <span className="nav-toggle__icon" aria-hidden="true" />
          {t.nav.menu}
        </summary>
        <nav aria-label={d.navLabel}>
          <ul>
            {visible.map((area) => (
              <li key={area.to}>
                <NavLink to={area.to} end={area.end} prefetch="intent" aria-label={area.badge ? area.badgeLabel : undefined}>
                  {area.label}
                  {area.badge ? (
                    <span className="nav-badge" aria-hidden="true">
                      {area.badge}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/Logout" className="sidebar__signout">
          <button type="submit" className="button button--ghost">
            {t.auth.signOut}
          </button>
        </Form>
      </details>
    </aside>
  );
}
