import { Form, Link, NavLink } from "react-router";
import type { SessionUser } from "~/domain/auth";
import { ar, format, localeAttributes } from "~/i18n";
import { useMessages } from "~/lib/messages";
import { Avatar } from "./Avatar";

type Area = { to: string; label: string; adminOnly?: boolean; end?: boolean; badge?: number | null; badgeLabel?: string };

export function Sidebar({ user, unread }: { user: SessionUser; unread: number | null }) {
  const t = useMessages();
  const d = t.dashboard;
  const areas: Area[] = [
    { to: "/Dashboard", label: d.overview, end: true },
    { to: "/Dashboard/Profile", label: d.profile },
    { to: "/Dashboard/Interpreter", label: d.interpreters, adminOnly: true },
    { to: "/Dashboard/Language", label: d.languages, adminOnly: true },
    { to: "/Dashboard/UserLanguages", label: d.userLanguages, adminOnly: true },
    { to: "/Dashboard/Website", label: d.website, adminOnly: true },
    { to: "/Dashboard/Inbox", label: d.inbox, adminOnly: true, badge: unread, badgeLabel: format(d.inboxUnread, { count: unread ?? 0 }) },
    { to: "/Dashboard/Dashboardcall", label: d.calls },
    { to: "/Dashboard/Dashboardcustomers", label: d.customers, adminOnly: true },
    { to: "/Dashboard/Dashboardusers", label: d.users, adminOnly: true },
    { to: "/Dashboard/Orders", label: d.orders, adminOnly: true },
  ];
  const visible = areas.filter((area) => !area.adminOnly || user.role === "admin");

  return (
    <aside className="sidebar">
      {user.profile ? (
        <div className="sidebar__user">
          <Avatar userId={user.id} name={user.profile.fullName} />
          <div>
            <Link to="/Dashboard/Profile" className="sidebar__name">
              {user.profile.fullName}
            </Link>
            <p className="sidebar__role">{d.roles[user.role]}</p>
          </div>
        </div>
      ) : (
        <p className="sidebar__user" {...localeAttributes.ar}>
          {ar.dashboard.noUserData}
        </p>
      )}
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
    </aside>
  );
}
