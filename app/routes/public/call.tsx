// /Call — "Talk to an interpreter" (issue 14): a caller picks a language (one at least one interpreter is linked
// to), video or voice, and gives a name; the camera and microphone are checked first. The one public page that is
// hydrated: a call needs the browser's media and a live socket. The callback form below works without JavaScript.
import { useEffect, useState } from "react";
import { data } from "react-router";
import { CallbackForm } from "~/components/calls/CallbackForm";
import { CallStarter } from "~/components/calls/CallStarter";
import { callableLanguages } from "~/domain/call-forms";
import { load } from "~/lib/content.server";
import { appContext } from "~/lib/context.server";
import type { RouteHandle } from "~/lib/hydration";
import { localeOfPath, useMessages } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/call";
import { askForCallback } from "./call.server";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.call, path: "/Call" }));

export async function loader({ context }: Route.LoaderArgs) {
  const { backend, config } = appContext(context);
  const links = await load("languages", () => backend.links.list());
  const languages = links.ok ? callableLanguages(links.value) : [];
  // Who is linked to what changes with staff's edits: never from a shared cache.
  const turnstileSiteKey = config.turnstile?.siteKey ?? null;
  return data({ languages, publicCalls: config.publicCalls, turnstileSiteKey }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return askForCallback({ request, app: appContext(context), locale: localeOfPath(url.pathname) });
}

export default function Call({ loaderData, actionData }: Route.ComponentProps) {
  const c = useMessages().call;
  const { languages, publicCalls, turnstileSiteKey } = loaderData;
  const nonce = useNonce();
  const [hydrated, setHydrated] = useState(false);
  const [missed, setMissed] = useState<{ callId: string | null; languageId: string } | null>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (missed) document.getElementById("callback-heading")?.focus();
  }, [missed]);
  const canCall = publicCalls && languages.length > 0;
  return (
    <main id="main" className="page container call-page">
      <h1>{c.heading}</h1>
      <p className="page__intro">{c.intro}</p>
      {!canCall ? <p role="status">{publicCalls ? c.noLanguages : c.switchedOff}</p> : null}
      {/* Without JavaScript there is no call to start: only the callback form below. */}
      {canCall && hydrated ? <CallStarter languages={languages} turnstileSiteKey={turnstileSiteKey} onUnanswered={(callId, languageId) => setMissed({ callId, languageId })} /> : null}
      {canCall ? (
        <noscript>
          <p>{c.noScript}</p>
        </noscript>
      ) : null}
      <CallbackForm languages={languages} failure={actionData ?? null} callId={missed?.callId ?? null} languageId={missed?.languageId ?? ""} turnstileSiteKey={turnstileSiteKey} />
      {turnstileSiteKey && <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce={nonce} />}
    </main>
  );
}
