// /Dashboard/Organisations/:organisationId/Interpreters (issue 27): an organisation's preferred and blocked
// interpreters, a form to add one, Remove, and the organisation admin's pending requests to accept or decline.
// Admins only. The organisation's page links here.
import { data, Form, useActionData, useLocation } from "react-router";
import { Cell, DataTable } from "~/components/DataTable";
import { FormAlert, SelectField, SubmitButton } from "~/components/forms";
import { OfficeTime } from "~/components/OfficeTime";
import { Panel } from "~/components/Panel";
import { useActionToast } from "~/components/Toasts";
import { STANCES } from "~/domain/preferences";
import { PersonField } from "~/features/people/PersonField";
import { firstSuggestions } from "~/features/people/person-choice.server";
import { answerRequest, organisationIdOf, removeStance, setStance } from "~/features/preferences/staff-preferences.server";
import { format } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import type { Route } from "./+types/organisation-interpreters";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.preferences.staff.title);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const organisationId = organisationIdOf(args.params.organisationId);
  const { backend } = appContext(args.context);
  const [organisation, requests, people] = await Promise.all([
    backend.preferences.list(organisationId),
    backend.preferences.requests(organisationId),
    firstSuggestions(backend),
  ]);
  if (!organisation) throw data(null, { status: 404 });
  return { organisation, requests, people };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const organisationId = organisationIdOf(args.params.organisationId);
  // A post for an organisation that does not exist is a 404, whatever it asks (as the page is).
  if (!(await appContext(args.context).backend.preferences.list(organisationId))) throw data(null, { status: 404 });
  return runIntent(
    { ...args, user: admin },
    {
      set: (input) => setStance(input, organisationId),
      remove: (input) => removeStance(input, organisationId),
      answer: (input) => answerRequest(input, organisationId),
    },
  );
}

export default function OrganisationInterpreters({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const t = messages.preferences.staff;
  const location = useLocation();
  const { organisation, requests, people } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const adding = failure?.intent === "set" ? failure : null;

  return (
    <>
      <h1>{format(t.heading, { organisation: organisation.name })}</h1>
      <p>{t.intro}</p>

      <Panel id="add-stance" heading={t.addHeading}>
        <FormAlert message={adding?.formError} />
        <Form method="post" key={location.key} noValidate className="form form--inline" preventScrollReset>
          <PersonField
            id="stance-interpreter"
            label={t.interpreter}
            name="interpreter"
            required
            hint={messages.people.personField.hint}
            suggestions={people}
            defaultValue={adding?.values.interpreter ?? ""}
            error={adding?.errors.interpreter}
          />
          <SelectField
            id="stance-stance"
            label={t.stance}
            name="stance"
            required
            defaultValue={adding?.values.stance ?? ""}
            error={adding?.errors.stance}
            placeholder={t.choose}
            options={STANCES.map((stance) => ({ value: stance, label: messages.preferences.stances[stance] }))}
          />
          <SubmitButton label={t.add} pendingLabel={t.adding} intent="set" />
        </Form>
      </Panel>

      <Panel id="stances" heading={t.listHeading}>
        <FormAlert message={failure?.intent === "remove" ? failure.formError : null} />
        {organisation.stances.length === 0 ? (
          <p className="empty-state">{t.empty}</p>
        ) : (
          <DataTable labelledBy="stances" columns={[t.columns.interpreter, t.columns.stance, t.columns.set, t.columns.actions]}>
            {organisation.stances.map((item) => (
              <tr key={item.interpreter.id}>
                <th scope="row">
                  <bdi>{item.interpreter.name}</bdi>
                </th>
                <Cell label={t.columns.stance}>{messages.preferences.stances[item.stance]}</Cell>
                <Cell label={t.columns.set}>
                  {item.setBy ? (
                    <>
                      <OfficeTime at={item.setAt} /> — <bdi>{item.setBy}</bdi>
                    </>
                  ) : (
                    <OfficeTime at={item.setAt} />
                  )}
                </Cell>
                <Cell label={t.columns.actions}>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="interpreter" value={item.interpreter.id} />
                    <SubmitButton
                      label={t.remove}
                      pendingLabel={t.remove}
                      intent="remove"
                      accessibleName={format(t.removeLabel, { name: item.interpreter.name })}
                      rowId={item.interpreter.id}
                      rowField="interpreter"
                    />
                  </Form>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>

      <Panel id="requests" heading={t.requestsHeading}>
        <FormAlert message={failure?.intent === "answer" ? failure.formError : null} />
        {requests.length === 0 ? (
          <p className="empty-state">{t.noRequests}</p>
        ) : (
          <DataTable
            labelledBy="requests"
            columns={[t.requestColumns.interpreter, t.requestColumns.by, t.requestColumns.note, t.requestColumns.when, t.requestColumns.actions]}
          >
            {requests.map((request) => (
              <tr key={request.id}>
                <th scope="row">
                  <bdi>{request.interpreter.name}</bdi>
                </th>
                <Cell label={t.requestColumns.by}>
                  <bdi>{request.requestedBy}</bdi>
                </Cell>
                <Cell label={t.requestColumns.note}>
                  <bdi>{request.note}</bdi>
                </Cell>
                <Cell label={t.requestColumns.when}>
                  <OfficeTime at={request.createdAt} />
                </Cell>
                <Cell label={t.requestColumns.actions}>
                  {(["accept", "decline"] as const).map((answer) => (
                    <Form method="post" preventScrollReset key={answer} className="form--inline">
                      <input type="hidden" name="request" value={request.id} />
                      <input type="hidden" name="answer" value={answer} />
                      <SubmitButton
                        label={t[answer]}
                        pendingLabel={t[answer]}
                        intent="answer"
                        accessibleName={format(answer === "accept" ? t.acceptLabel : t.declineLabel, { name: request.interpreter.name })}
                        rowId={String(request.id)}
                        rowField="request"
                      />
                    </Form>
                  ))}
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
    </>
  );
}
