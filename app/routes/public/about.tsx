import { data } from "react-router";
import { ContentImage } from "~/components/ContentImage";
import { failureToasts, load, publicCacheHeaders } from "~/request/page-loads.server";
import { publicPageHeaders } from "~/platform/http/headers";
import { aboutIn } from "~/domain/content";
import { englishMark } from "~/domain/translations";
import { localeOfPath, messagesOfRequest, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import type { Route } from "./+types/about";
import { appContext } from "~/request/context.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.about, path: "/Aboutus" }));

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const locale = localeOfPath(url.pathname);
  const about = await load("about", async () => {
    const found = await app.backend.content.about();
    return found && aboutIn(locale, found);
  });
  return data({ about, toasts: failureToasts(messagesOfRequest(request), about) }, { headers: publicCacheHeaders(about) });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const about = loaderData.about.ok ? loaderData.about.value : null;
  return (
    <main id="main" className="container page about">
      <h1>{t.about.heading}</h1>
      <div className="about__layout">
        <p className="about__description" {...englishMark(about, "description")}>
          {about?.description || (loaderData.about.ok ? t.about.unavailable : "")}
        </p>
        <div className="about__photos">
          {about?.photoA && (
            <ContentImage {...englishMark(about, "photoAAlt")} picture={about.photoA} fallback={{ alt: t.about.photoAAlt, width: 800, height: 600 }} />
          )}
          {about?.photoB && (
            <ContentImage
              {...englishMark(about, "photoBAlt")}
              picture={about.photoB}
              fallback={{ alt: t.about.photoBAlt, width: 800, height: 600 }}
              loading="lazy"
            />
          )}
        </div>
      </div>
    </main>
  );
}
