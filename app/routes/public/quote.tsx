// /Quote — "Request a quote" (issue 13): server-rendered like every public page, a multipart form that works without
// JavaScript. `?service=<id>` pre-selects a service (the service cards link here so); a signed-in requester's
// `?again=<order>` starts from one of their organisation's orders (request-again.server.ts).
import { data } from "react-router";
import { QuoteForm, type QuoteFormState } from "~/features/orders/QuoteForm";
import { serviceIn } from "~/domain/content";
import { failureToasts, load } from "~/request/page-loads.server";
import { appContext } from "~/request/context.server";
import { publicPageHeaders } from "~/platform/http/headers";
import { localeOfPath, messagesOfRequest, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import { useNonce } from "~/platform/http/nonce";
import type { Route } from "./+types/quote";
import { firstDeadline, requestQuote } from "~/features/orders/quote-request.server";
import { requesterPrefill, signedInRequester } from "~/features/orders/signed-in-requester.server";
import { requestAgainValues } from "~/features/orders/request-again.server";
import { orderNumber } from "~/domain/order-records";
import { format } from "~/i18n";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.quote, path: "/Quote" }));

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { backend, config } = appContext(context);
  const locale = localeOfPath(url.pathname);
  const [services, languages, requester] = await Promise.all([
    load("services", async () => (await backend.content.services()).map((service) => serviceIn(locale, service))),
    load("languages", () => backend.languages.list()),
    signedInRequester(backend),
  ]);
  const wanted = Number(url.searchParams.get("service"));
  const options = {
    services: services.ok ? services.value.map((service) => ({ id: service.id, title: service.title, inEnglish: service.inEnglish.includes("title") })) : [],
    languages: languages.ok ? languages.value : [],
    today: firstDeadline(),
    preselectedService: services.ok && services.value.some((service) => service.id === wanted) ? wanted : null,
    turnstileSiteKey: config.turnstile?.siteKey ?? null,
    accountEmail: requester?.email ?? null,
  };
  // A signed-in requester's details come filled in (issue 27), and a past order's work with ?again=<order>.
  const again = requester ? await requestAgainValues(backend, requester, url.searchParams.get("again")) : null;
  const prefill = requester ? requesterPrefill(requester, "company", "quote", again?.values) : null;
  // A form: never from a shared cache (its options change with the services and languages staff edit).
  return data(
    { options, prefill, againOf: again?.orderId ?? null, toasts: failureToasts(messagesOfRequest(request), services, languages) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return requestQuote({ request, app: appContext(context), locale: localeOfPath(url.pathname) });
}

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages().quote;
  const nonce = useNonce();
  const failure = actionData ?? loaderData.prefill;
  const state: QuoteFormState | null = failure ? { ...failure, targets: (failure.values.targets ?? "").split(",").filter(Boolean) } : null;
  return (
    <main id="main" className="page container quote">
      <h1 id="quote-title">{t.heading}</h1>
      <p className="page__intro">{t.intro}</p>
      {loaderData.againOf !== null && !actionData && (
        <p className="notice-panel" role="status">
          {format(t.again, { number: orderNumber(loaderData.againOf) })}
        </p>
      )}
      <QuoteForm options={loaderData.options} state={state} />
      {loaderData.options.turnstileSiteKey && <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce={nonce} />}
    </main>
  );
}
