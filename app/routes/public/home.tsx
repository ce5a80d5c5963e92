import { englishMark } from "~/domain/translations";
import { preload } from "react-dom";
import { Link } from "react-router";
import { ContentImage } from "~/components/ContentImage";
import { loadCompanyPage } from "~/request/page-loads.server";
import { publicPageHeaders } from "~/platform/http/headers";
import { localeOfPath, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import type { Route } from "./+types/home";
import { appContext } from "~/request/context.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.home, path: "/" }));

// The layout reads the company too; the backend answers both from one query.
export function loader({ url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  return loadCompanyPage(app.backend, localeOfPath(url.pathname));
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const href = useLocalizedPath();
  const company = loaderData.company.ok ? loaderData.company.value : null;
  // The hero image is the largest thing on the first screen: fetch it first.
  if (company?.homeCover) preload(company.homeCover.url, { as: "image", fetchPriority: "high" });

  return (
    <main id="main">
      <section className="hero" aria-labelledby="hero-title">
        {company?.homeCover && (
          <ContentImage
            className="hero__image"
            {...englishMark(company, "homeCoverAlt")}
            picture={company.homeCover}
            fallback={{ alt: "", width: 1280, height: 720 }}
            fetchPriority="high"
          />
        )}
        <div className="container hero__content">
          <h1 id="hero-title" {...englishMark(company, "title")}>
            {company?.title ?? t.meta.siteName}
          </h1>
          {company?.description && (
            <p className="hero__description" {...englishMark(company, "description")}>
              {company.description}
            </p>
          )}
          <div className="hero__actions">
            <Link to={href("/Services")} className="button button--accent">
              {t.home.exploreServices}
            </Link>
            <Link to={href("/Quote")} className="button button--light">
              {t.home.requestQuote}
            </Link>
            <Link to={href("/Book")} className="button button--light">
              {t.home.bookInterpreter}
            </Link>
            <Link to={href("/Call")} className="button button--light">
              {t.home.talkToInterpreter}
            </Link>
          </div>
        </div>
      </section>

      <section className="welcome container" aria-labelledby="welcome-title">
        <h2 id="welcome-title" className="welcome__title">
          {t.home.welcome}
        </h2>
        <p className="welcome__tagline">{t.home.tagline}</p>
        <p className="welcome__intro">{t.home.intro}</p>
        <ul className="badges">
          <li className="badge">
            <BadgeIcon path="M16 11a4 4 0 1 0-4-4 4 4 0 0 0 4 4Zm-8 0a3 3 0 1 0-3-3 3 3 0 0 0 3 3Zm0 2c-2.7 0-6 1.3-6 3.5V19h6v-2.5c0-1.3.6-2.4 1.6-3.2A9 9 0 0 0 8 13Zm8 0c-3.3 0-8 1.6-8 4v2h16v-2c0-2.4-4.7-4-8-4Z" />
            <h3>{t.home.badgeTeam}</h3>
            <p>{t.home.badgeTeamText}</p>
          </li>
          <li className="badge">
            <BadgeIcon path="M12 2a10 10 0 1 0 10 10A10 10 0 0 0 12 2Zm0 18a8 8 0 1 1 8-8 8 8 0 0 1-8 8Zm.5-13H11v6l5.2 3.1.8-1.2-4.5-2.7Z" />
            <h3>{t.home.badgeSupport}</h3>
            <p>{t.home.badgeSupportText}</p>
          </li>
        </ul>
      </section>
    </main>
  );
}

function BadgeIcon({ path }: { path: string }) {
  return (
    <svg className="badge__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}
