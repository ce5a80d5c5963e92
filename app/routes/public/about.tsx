import { data } from "react-router";
import { en } from "~/i18n";
import { ContentImage } from "~/components/ContentImage";
import { failureToasts, load, publicCacheHeaders } from "~/lib/content.server";
import { publicPageHeaders } from "~/lib/headers";
import { useMessages } from "~/lib/messages";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";
import { appContext } from "~/lib/context.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { ...en.meta.about, path: "/Aboutus" });

export async function loader({ context }: Route.LoaderArgs) {
  const app = appContext(context);
  const about = await load("about", () => app.backend.content.about());
  return data({ about, toasts: failureToasts(about) }, { headers: publicCacheHeaders(about) });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const about = loaderData.about.ok ? loaderData.about.value : null;
  return (
    <main id="main" className="container page about">
      <h1>{t.about.heading}</h1>
      <div className="about__layout">
        <p className="about__description">{about?.description || (loaderData.about.ok ? t.about.unavailable : "")}</p>
        <div className="about__photos">
          {about?.photoA && <ContentImage picture={about.photoA} fallback={{ alt: t.about.photoAAlt, width: 800, height: 600 }} />}
          {about?.photoB && (
            <ContentImage picture={about.photoB} fallback={{ alt: t.about.photoBAlt, width: 800, height: 600 }} loading="lazy" />
          )}
        </div>
      </div>
    </main>
  );
}
