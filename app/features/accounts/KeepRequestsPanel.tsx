// "Keep all your requests in one place" (issue 27, docs/decisions/0042): the panel of an order's or an appointment's
// private page that asks for an account. One button, no field: the link goes to the address on the record. A plain
// form post, so it works without JavaScript; the answer comes back as a toast on the same page.
import { Panel } from "~/components/Panel";
import { FormAlert, SubmitButton } from "~/components/forms";
import { CLAIM_INTENT } from "~/domain/customer-claims";
import { useMessages } from "~/platform/page/locale";

export function KeepRequestsPanel({ formError }: { formError: string | null }) {
  const t = useMessages().claims.panel;
  return (
    <Panel id="keep-heading" heading={t.heading} sectionId="keep">
      <p>{t.text}</p>
      <FormAlert message={formError} />
      <form method="post">
        <SubmitButton intent={CLAIM_INTENT} label={t.submit} pendingLabel={t.submitting} />
      </form>
    </Panel>
  );
}
