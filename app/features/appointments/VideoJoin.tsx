// "Join" of a confirmed video appointment (issue 25): on the customer's private page and under the interpreter's My
// jobs. Inside the window, a form that posts to the page's own action (it works without JavaScript: the answer is a
// redirect into the room); before it, when Join opens, in the company's zone with the zone named. The room itself
// needs JavaScript (WebRTC), which a <noscript> says.
import { Form } from "react-router";
import { FormAlert, SubmitButton } from "~/components/forms";
import { Panel } from "~/components/Panel";
import { JOIN_GRACE_MS, JOIN_OPENS_BEFORE_MS, type JoinView } from "~/domain/appointment-join";
import { appointmentNumber } from "~/domain/appointments";
import { format } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { appointmentWhen } from "./appointment-text";

/** "Join opens on {time}…", the time as a <time> inside the sentence, the window's minutes filled in. */
function OpensAt({ template, at }: { template: string; at: number }) {
  const locale = useLocale();
  const minutes = { before: JOIN_OPENS_BEFORE_MS / 60_000, after: JOIN_GRACE_MS / 60_000 };
  const [before = "", after = ""] = format(template, minutes).split("{time}");
  return (
    <p className="video-join__opens">
      {before}
      <time dateTime={new Date(at).toISOString()}>{appointmentWhen(locale, at)}</time>
      {after}
    </p>
  );
}

function NeedsJavaScript() {
  const t = useMessages().book.status.join;
  return (
    <noscript>
      <p className="video-join__noscript">{t.needsJavaScript}</p>
    </noscript>
  );
}

/** The customer's "Video call" panel (a plain form: the room opens as a page of its own, as the interpreter's does). */
export function CustomerJoin({ join, formError }: { join: JoinView; formError: string | null }) {
  const t = useMessages().book.status.join;
  return (
    <Panel id="join-heading" heading={t.heading} sectionId="join">
      <FormAlert message={formError} />
      {join.state === "open" ? (
        <>
          <p>{t.openText}</p>
          <form method="post">
            <SubmitButton intent="join" label={t.join} pendingLabel={t.joining} />
          </form>
        </>
      ) : (
        <OpensAt template={t.opensAt} at={join.opensAt} />
      )}
      <NeedsJavaScript />
    </Panel>
  );
}

/** An interpreter's Join under one of their appointments on My jobs. */
export function InterpreterJoin({ join, appointmentId }: { join: JoinView; appointmentId: number }) {
  const messages = useMessages();
  const t = messages.offers.jobs;
  if (join.state === "not-yet") return <OpensAt template={messages.book.status.join.opensAt} at={join.opensAt} />;
  return (
    <div className="video-join">
      {/* A document navigation, not a client-side one: only the room's own page may use the camera and microphone
          (its Permissions-Policy; a page's policy is fixed when its document loads). */}
      <Form method="post" reloadDocument>
        <input type="hidden" name="appointment" value={appointmentId} />
        <SubmitButton
          intent="join-appointment"
          rowId={String(appointmentId)}
          rowField="appointment"
          label={t.join}
          pendingLabel={t.joining}
          accessibleName={format(t.joinLabel, { number: appointmentNumber(appointmentId) })}
        />
      </Form>
      <NeedsJavaScript />
    </div>
  );
}
