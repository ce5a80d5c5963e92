// A customer's cancellation of their appointment: on the private link's page (/Book/<token>) and the organisation's
// portal (/Account/Appointments/<id>), the same words and form. It says when a cancellation is late (under 24 hours) and
// names the version the customer saw, so a change made meanwhile is not cancelled unseen.
import { Panel } from "~/components/Panel";
import { FormAlert, SubmitButton } from "~/components/forms";
import { LATE_CANCELLATION_HOURS } from "~/domain/appointments";
import { format } from "~/i18n";
import { useMessages } from "~/platform/page/locale";

export function AppointmentCancelPanel({ version, late, formError }: { version: number; late: boolean; formError: string | null }) {
  const s = useMessages().book.status;
  return (
    <Panel id="cancel-heading" heading={s.cancelHeading} sectionId="cancel">
      <FormAlert message={formError} />
      <p>{late ? format(s.lateWarning, { hours: LATE_CANCELLATION_HOURS }) : s.cancelText}</p>
      <form method="post">
        <input type="hidden" name="basedOn" value={version} />
        <SubmitButton intent="cancel" label={s.cancel} pendingLabel={s.cancelling} className="button--danger" />
      </form>
    </Panel>
  );
}
