// /Call — "Talk to an interpreter" (issue 14): a caller picks a language (one at least one interpreter is linked
// to), video or voice, and gives a name; the camera and microphone are checked first. The one public page that is
// hydrated: a call needs the browser's media and a live socket. The callback form below works without JavaScript.
import { useEffect, useState } from "react";
import { data } from "react-router";
import { CallbackForm } from "~/features/calls/CallbackForm";
import { CallStarter } from "~/features/calls/CallStarter";
import { callableLanguages, type LinkedCallOffer } from "~/domain/call-forms";
import { callLinkOffer } from "~/features/calls/call-link.server";
import { load } from "~/request/page-loads.server";
import { appContext } from "~/request/context.server";
import { publicPageHeaders } from "~/platform/http/headers";
import { useHydrated, type RouteHandle } from "~/platform/page/hydration";
import { localeOfPath, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import { useNonce } from "~/platform/http/nonce";
import type { Route } from "./+types/call";
import { askForCallback } from "~/features/calls/callback.server";
import { signedInRequester } from "~/features/orders/signed-in-requester.server";
import { format } from "~/i18n";

export const handle: RouteHandle = { hydrate: true };

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const tags = pageMeta(matches, location, (t) => ({ ...t.meta.call, path: "/Call" }));
  // A customer's call link is theirs: not for search engines.
  return loaderData?.link ? [...tags, { name: "robots", content: "noindex, nofollow" }] : tags;
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const { backend, config } = appContext(context);
  const linked = await load("languages", () => backend.links.languages());
  const languages = linked.ok ? callableLanguages(linked.value) : [];
  // A staff member's call link for a named customer (?link=): its name, language and type, or why it cannot call.
  const token = url.searchParams.get("link");
  const link = token === null ? null : await callLinkOffer(config.SESSION_SECRET, token, languages);
  // A customer's signed-in requester calls on their organisation's terms (issue 27), also while public calls are off.
  const signedIn = token === null ? await signedInRequester(backend) : null;
  const requester = signedIn ? { name: signedIn.fullName, organisation: signedIn.organisationName } : null;
  // Who is linked to what changes with staff's edits: never from a shared cache.
  const turnstileSiteKey = config.turnstile?.siteKey ?? null;
  return data({ languages, publicCalls: config.publicCalls, turnstileSiteKey, link, requester }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return askForCallback({ request, app: appContext(context), locale: localeOfPath(url.pathname) });
}

export default function Call({ loaderData, actionData }: Route.ComponentProps) {
  const c = useMessages().call;
  const { languages, publicCalls, turnstileSiteKey, link, requester } = loaderData;
  const linked = link?.state === "ok" ? link : null;
  // Who a link was for, also once it has expired: the callback form starts with their name and language.
  const linkedCustomer = link?.state === "ok" || link?.state === "expired" ? link : null;
  const nonce = useNonce();
  const hydrated = useHydrated();
  const [missed, setMissed] = useState<{ callId: string | null; languageId: string } | null>(null);
  useEffect(() => {
    if (missed) document.getElementById("callback-heading")?.focus();
  }, [missed]);
  // A staff member's call link works while public calls are switched off; a spoilt one says why, and no call starts.
  const canCall = linked !== null || (link === null && (publicCalls || requester !== null) && languages.length > 0);
  const linkProblem = !link || linked ? null : link.state === "expired" ? c.linkExpired : link.state === "invalid" ? c.linkInvalid : c.noLanguages;
  return (
    <main id="main" className="page container call-page">
      <h1>{c.heading}</h1>
      <p className="page__intro">{c.intro}</p>
      {linkProblem ? <p role="status">{linkProblem}</p> : !canCall ? <p role="status">{publicCalls ? c.noLanguages : c.switchedOff}</p> : null}
      {linked ? <LinkedCall link={linked} /> : null}
      {requester ? <p className="call-page__requester">{format(c.asRequester, requester)}</p> : null}
      {/* Without JavaScript there is no call to start: only the callback form below. */}
      {canCall && hydrated ? (
        <CallStarter
          languages={languages}
          link={linked}
          callerName={requester?.name ?? null}
          turnstileSiteKey={turnstileSiteKey}
          onUnanswered={(callId, languageId) => setMissed({ callId, languageId })}
        />
      ) : null}
      {canCall ? (
        <noscript>
          <p>{c.noScript}</p>
        </noscript>
      ) : null}
      <CallbackForm
        languages={languages}
        failure={actionData ?? null}
        callId={missed?.callId ?? null}
        languageId={missed?.languageId ?? (linkedCustomer ? String(linkedCustomer.languageId) : "")}
        name={linkedCustomer?.name ?? requester?.name}
        turnstileSiteKey={turnstileSiteKey}
      />
      {turnstileSiteKey && <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce={nonce} />}
    </main>
  );
}

/** Who the call link is for and what it calls: chosen by the staff member who made it. */
function LinkedCall({ link }: { link: LinkedCallOffer }) {
  const c = useMessages().call;
  return (
    <section className="panel call-link-summary" aria-labelledby="call-link-heading">
      <h2 id="call-link-heading">{c.linkHeading}</h2>
      <dl>
        <div>
          <dt>{c.linkFor}</dt>
          <dd>
            <bdi>{link.name}</bdi>
          </dd>
        </div>
        <div>
          <dt>{c.language}</dt>
          <dd>{link.language}</dd>
        </div>
        <div>
          <dt>{c.type}</dt>
          <dd>{c[link.type]}</dd>
        </div>
      </dl>
    </section>
  );
}
