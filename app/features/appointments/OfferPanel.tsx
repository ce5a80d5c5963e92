// Offering an appointment (issue 25), on its staff page: the interpreters who can take it, ticked, and "Offer"; then
// each offer with its answer. Shown while the appointment is requested or offered.
import { Form } from "react-router";
import { Cell, DataTable } from "~/components/DataTable";
import { CheckboxGroup, FormAlert, SubmitButton } from "~/components/forms";
import { OfficeTime } from "~/components/OfficeTime";
import { Panel } from "~/components/Panel";
import type { Eligibility } from "~/domain/eligibility";
import { offerState, type Offer } from "~/domain/offers";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";

type Props = { eligibility: Eligibility; version: number; deadline: number; failure: FormFailure | null };

export function OfferForm({ eligibility, version, deadline, failure }: Props) {
  const t = useMessages().offers.panel;
  const [before = "", after = ""] = t.intro.split("{deadline}");
  if (eligibility.eligible.length === 0) return null;
  return (
    <Panel id="offer-heading" heading={t.heading} sectionId="offer">
      <FormAlert message={failure?.formError} />
      <p>
        {before}
        <OfficeTime at={deadline} />
        {after}
      </p>
      <Form method="post" className="form" aria-labelledby="offer-heading" noValidate>
        <input type="hidden" name="basedOn" value={version} />
        <CheckboxGroup
          id="offer-interpreters"
          legend={t.choose}
          name="interpreter"
          hint={t.chooseHint}
          options={eligibility.eligible.map((person) => ({ value: person.id, label: person.name }))}
          checked={new Set(eligibility.eligible.map((person) => person.id))}
          error={failure?.errors?.interpreter}
        />
        <SubmitButton intent="offer" label={t.submit} pendingLabel={t.submitting} />
      </Form>
    </Panel>
  );
}

/** The offers made, each with its answer (an open one past its deadline reads "Expired"); the unfilled flag above. */
export function OfferList({ offers, now, unfilledSince }: { offers: Offer[]; now: number; unfilledSince: number | null }) {
  const t = useMessages().offers.list;
  if (offers.length === 0) return null;
  const [before = "", after = ""] = t.unfilled.split("{at}");
  const c = t.columns;
  return (
    <Panel id="offers-heading" heading={t.heading} sectionId="offers">
      {unfilledSince !== null && (
        <p className="form-alert" role="status">
          {before}
          <OfficeTime at={unfilledSince} />
          {after}
        </p>
      )}
      <DataTable labelledBy="offers-heading" columns={[c.interpreter, c.state, c.deadline, c.answered]}>
        {offers.map((offer) => (
          <tr key={offer.id}>
            <th scope="row">
              <bdi>{offer.interpreter.name}</bdi>
            </th>
            <Cell label={c.state}>{t.states[offerState(offer, now)]}</Cell>
            <Cell label={c.deadline}>
              <OfficeTime at={offer.expiresAt} />
            </Cell>
            <Cell label={c.answered}>{offer.respondedAt === null ? "—" : <OfficeTime at={offer.respondedAt} />}</Cell>
          </tr>
        ))}
      </DataTable>
    </Panel>
  );
}
