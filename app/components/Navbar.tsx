import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { LOCALE_ENDONYMS, localeAttributes } from "~/i18n";
import { localizedPath, useLocale, useLocalizedPath, useMessages } from "~/platform/page/locale";

/**
 * Top bar. On a phone the links fold behind a Menu button; without JavaScript the button is hidden
 * by CSS (`@media (scripting: none)`) and the links stay visible, so navigation always works.
 */
export function Navbar() {
  const t = useMessages();
  const locale = useLocale();
  const href = useLocalizedPath();
  // Open on the page where the button opened it: another page starts with the menu folded.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const { pathname } = useLocation();
  // The same page in the other language, named in that language (a link: crawlers and people without JS follow it).
  const other = locale === "en" ? "ar" : "en";

  const open = openOn === pathname;

  const links = [
    { to: href("/"), label: t.nav.home },
    { to: href("/Aboutus"), label: t.nav.about },
    { to: href("/Services"), label: t.nav.services },
    { to: href("/Contactus"), label: t.nav.contact },
    { to: href("/Book"), label: t.nav.book },
    { to: href("/Call"), label: t.nav.call },
  ];

  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t.nav.skipToContent}
      </a>
      <div className="container site-header__bar">
        <Link to={href("/")} className="site-header__brand">
          <img src="/logo.svg" alt={t.nav.logoAlt} width={200} height={75} />
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpenOn(open ? null : pathname)}
          onKeyDown={(event) => event.key === "Escape" && setOpenOn(null)}
        >
          <span className="nav-toggle__icon" aria-hidden="true" />
          {t.nav.menu}
        </button>
        <nav id="site-nav" aria-label={t.nav.label} className="site-nav" data-open={open}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="site-nav__cta">
              <NavLink to={href("/Quote")} end>
                {t.nav.quote}
              </NavLink>
            </li>
            <li className="site-nav__language">
              <a href={localizedPath(other, pathname)} hrefLang={other} lang={localeAttributes[other].lang} dir={localeAttributes[other].dir}>
                {LOCALE_ENDONYMS[other]}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
