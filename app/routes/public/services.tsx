import { useState } from "react";
import { data } from "react-router";
import { ServiceCard } from "~/components/ServiceCard";
import { failureToasts, load, publicCacheHeaders } from "~/request/page-loads.server";
import { publicPageHeaders } from "~/platform/http/headers";
import { serviceIn } from "~/domain/content";
import { localeOfPath, messagesOfRequest, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import type { Route } from "./+types/services";
import { appContext } from "~/request/context.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.services, path: "/Services" }));

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const locale = localeOfPath(url.pathname);
  const services = await load("services", async () => (await app.backend.content.services()).map((service) => serviceIn(locale, service)));
  // Cards opened without JavaScript arrive as ?open=<id>&open=<id>.
  const openIds = url.searchParams.getAll("open").map(Number).filter(Number.isInteger);
  return data({ services, openIds, toasts: failureToasts(messagesOfRequest(request), services) }, { headers: publicCacheHeaders(services) });
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const { services, openIds } = loaderData;
  const [open, setOpen] = useState(() => new Set(openIds));
  const list = services.ok ? services.value : [];

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <main id="main" className="container page">
      <header className="page__header">
        <h1>{t.services.heading}</h1>
        <p>{t.services.intro}</p>
      </header>
      {services.ok && list.length === 0 && <p>{t.services.empty}</p>}
      <div className="service-grid">
        {list.map((service, index) => (
          <ServiceCard
            key={service.id}
            first={index === 0}
            service={service}
            expanded={open.has(service.id)}
            otherOpenIds={[...open].filter((id) => id !== service.id)}
            onToggle={() => toggle(service.id)}
          />
        ))}
      </div>
    </main>
  );
}
