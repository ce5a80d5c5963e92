import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { CallDetails } from "~/features/calls/CallDetails";
import { CallLinkForm } from "~/features/calls/CallLinkForm";
import { LiveCalls } from "~/features/calls/LiveCalls";
import { callableLanguages } from "~/domain/call-forms";
import { INCOMING_CALL_DELAY_MS, SAMPLE_CALL, type Call } from "~/domain/calls";
import { localeAttributes, specArabic } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { appContext } from "~/request/context.server";
import { requireAdmin, requireStaff } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { switchboardOf } from "~/features/calls/switchboard.server";
import { useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/incoming-calls";
import { createCallLink } from "~/features/calls/call-link-form.server";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.calls);

/**
 * Everyone gets their own incoming-call screen; administrators also see who is available now, per language, and can
 * make a call link for a customer (in a language someone is linked to).
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  if (user.role !== "admin") return { availableNow: null, callLanguages: null };
  const app = appContext(args.context);
  const [byLanguage, languages, linked] = await Promise.all([
    switchboardOf(app.cloudflare.env).availability(),
    app.backend.languages.list(),
    app.backend.links.languages(),
  ]);
  const availableNow = languages
    .filter((language) => byLanguage[language.id]?.length)
    .map((language) => ({ language: language.name, people: byLanguage[language.id]! }));
  return { availableNow, callLanguages: callableLanguages(linked) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { "call-link": createCallLink });
}

/** SPEC §2/§4: no call, then (after 2 s) a pending call, then accepted (go to its room) or rejected (cleared). */
export default function IncomingCalls({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages();
  const c = t.dashboard.call;
  const navigate = useNavigate();
  const [call, setCall] = useState<Call | null>(null);
  const [answered, setAnswered] = useState(false);

  useEffect(() => {
    if (answered) return;
    const timer = setTimeout(() => setCall(SAMPLE_CALL), INCOMING_CALL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [answered]);

  const reject = () => {
    setAnswered(true);
    setCall(null);
  };

  return (
    <>
      <h1>{c.heading}</h1>
      <LiveCalls />
      {loaderData.availableNow ? <AvailableNow groups={loaderData.availableNow} /> : null}
      {loaderData.callLanguages ? <CallLinkForm languages={loaderData.callLanguages} result={actionData ?? null} /> : null}
      {/* The spec's simulated call (SPEC §2), beside the real ones. Announced when it arrives and when it is cleared. */}
      <div aria-live="polite">
        {call ? (
          <section className="call-card" aria-labelledby="incoming-call">
            <h2 id="incoming-call">{c.incoming}</h2>
            <p className="call-card__sample">
              <strong>{c.live.sample}</strong> {c.live.sampleNote}
            </p>
            <CallDetails call={call} />
            <div className="call-card__actions">
              <button type="button" className="button button--success" onClick={() => void navigate(`/call-room/${call.roomId}`)}>
                {c.accept}
              </button>
              <button type="button" className="button button--danger" onClick={reject}>
                {c.reject}
              </button>
            </div>
          </section>
        ) : (
          <p className="empty-state" {...localeAttributes.ar}>
            {specArabic.dashboard.noCalls}
          </p>
        )}
      </div>
      <noscript>
        <p>{c.noScript}</p>
      </noscript>
    </>
  );
}

/** Who is available now, per language (at the time the page was loaded). */
function AvailableNow({ groups }: { groups: { language: string; people: string[] }[] }) {
  const live = useMessages().dashboard.call.live;
  return (
    <section className="panel" aria-labelledby="available-now">
      <h2 id="available-now">{live.availableNowHeading}</h2>
      {groups.length === 0 ? (
        <p>{live.noneAvailable}</p>
      ) : (
        <dl className="available-now">
          {groups.map((group) => (
            <div key={group.language}>
              <dt>{group.language}</dt>
              <dd>
                <ul className="available-now__people">
                  {group.people.map((name) => (
                    <li key={name}>
                      <bdi>{name}</bdi>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
