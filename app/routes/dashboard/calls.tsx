import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { CallDetails } from "~/components/CallDetails";
import { INCOMING_CALL_DELAY_MS, SAMPLE_CALL, type Call } from "~/domain/calls";
import { localeAttributes, specArabic } from "~/i18n";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireUser } from "~/lib/guards.server";
import { useMessages } from "~/lib/locale";
import type { Route } from "./+types/calls";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.calls);

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return null;
}

/** SPEC §2/§4: no call, then (after 2 s) a pending call, then accepted (go to its room) or rejected (cleared). */
export default function IncomingCalls() {
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
      {/* Announced when the call arrives and when it is cleared. */}
      <div aria-live="polite">
        {call ? (
          <section className="call-card" aria-labelledby="incoming-call">
            <h2 id="incoming-call">{c.incoming}</h2>
            <CallDetails call={call} />
            <div className="call-card__actions">
              <button type="button" className="button button--success" onClick={() => navigate(`/call-room/${call.roomId}`)}>
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
