// /Book — "Book an interpreter" (issue 25): server-rendered like every public page, a plain form that works without
// JavaScript. The page names the company's time zone, in which the date and time are typed.
import { data } from "react-router";
import { BookingForm } from "~/features/appointments/BookingForm";
import { zoneLongName } from "~/features/appointments/appointment-text";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { format } from "~/i18n";
import { failureToasts, load } from "~/request/page-loads.server";
import { appContext } from "~/request/context.server";
import { publicPageHeaders } from "~/platform/http/headers";
import { localeOfPath, messagesOfRequest, useLocale, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import { useNonce } from "~/platform/http/nonce";
import type { Route } from "./+types/book";
import { firstBookingDay, requestBooking } from "~/features/appointments/booking-request.server";
import { requesterPrefill, signedInRequester } from "~/features/orders/signed-in-requester.server";
import { sameInterpreterChoices } from "~/features/appointments/same-interpreter.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.book, path: "/Book" }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { backend, config } = appContext(context);
  const [languages, requester] = await Promise.all([load("languages", () => backend.links.languages()), signedInRequester(backend)]);
  const options = {
    // "The same interpreter as last time": only a requester's, from their organisation's past interpreters.
    pastInterpreters: await sameInterpreterChoices(backend, requester),
    languages: languages.ok ? languages.value : [],
    today: firstBookingDay(),
    turnstileSiteKey: config.turnstile?.siteKey ?? null,
    accountEmail: requester?.email ?? null,
  };
  // A signed-in requester's details come filled in (issue 27).
  const prefill = requester ? requesterPrefill(requester, "organisation", "book") : null;
  // A form: never from a shared cache (its languages change as staff link interpreters).
  return data(
    { options, prefill, now: Date.now(), toasts: failureToasts(messagesOfRequest(request), languages) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return requestBooking({ request, app: appContext(context), locale: localeOfPath(url.pathname) });
}

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages().book;
  const locale = useLocale();
  const nonce = useNonce();
  return (
    <main id="main" className="page container book">
      <h1 id="book-title">{t.heading}</h1>
      <p className="page__intro">{t.intro}</p>
      <p className="book__zone">{format(t.zoneNote, { zone: COMPANY_TIME_ZONE, name: zoneLongName(locale, loaderData.now) })}</p>
      <BookingForm options={loaderData.options} state={actionData ?? loaderData.prefill} />
      {loaderData.options.turnstileSiteKey && <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce={nonce} />}
    </main>
  );
}
