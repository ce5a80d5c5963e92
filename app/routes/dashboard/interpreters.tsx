import { Panel } from "~/components/Panel";
import { useActionData } from "react-router";
import { AddInterpreterForm } from "~/features/people/AddInterpreterForm";
import { InterpreterTable } from "~/features/people/InterpreterTable";
import { Pagination } from "~/components/Pagination";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { FormAlert } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { interpreterQueryFrom, NAME_MAX_LENGTH } from "~/domain/people";
import { format, plural } from "~/i18n";
import { failureToasts, load } from "~/request/page-loads.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/interpreters";
import { addInterpreter, deleteInterpreter, saveInterpreter } from "~/features/people/interpreters.server";
import { appContext } from "~/request/context.server";
import { ListSearch } from "~/components/ListSearch";
import { addDays, CREDENTIAL_WARNING_DAYS } from "~/domain/availability";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { wallClockOf } from "~/domain/zoned-time";
import { ExpiringCredentials } from "~/features/availability/ExpiringCredentials";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.people.interpreters.heading);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const query = interpreterQueryFrom(args.url);
  const backend = appContext(args.context).backend;
  const today = wallClockOf(Date.now(), COMPANY_TIME_ZONE).date;
  const [list, expiring] = await Promise.all([
    load("interpreters", () => backend.interpreters.list(query)),
    load("expiring credentials", () => backend.availability.expiring(today, addDays(today, CREDENTIAL_WARNING_DAYS))),
  ]);
  const params = args.url.searchParams;
  return {
    query,
    list,
    expiring,
    editId: params.get("edit"),
    deleteId: params.get("delete"),
    selfId: admin.id,
    toasts: failureToasts(messagesFor(admin.locale), list, expiring),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { create: addInterpreter, update: saveInterpreter, delete: deleteInterpreter });
}

export default function Interpreters({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useMessages().people;
  const { query, list, expiring, editId, deleteId, selfId } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const page = list.ok ? list.value : null;

  return (
    <>
      <h1>{t.interpreters.heading}</h1>
      <AddInterpreterForm failure={failure?.intent === "create" ? failure : null} />

      <Panel id="interpreters-list" heading={t.interpreters.listHeading} meta={page && plural(locale, t.interpreters.count, page.total)}>
        <ListSearch
          id="interpreter-search"
          label={t.interpreters.searchLabel}
          search={query.search}
          maxLength={NAME_MAX_LENGTH}
          keep={{ sort: query.sort !== "name" ? query.sort : null, dir: query.direction !== "asc" ? query.direction : null }}
        />
        <FormAlert message={failure?.intent === "delete" ? failure.formError : null} />
        {page && page.items.length === 0 ? (
          <p className="empty-state">{query.search ? format(t.interpreters.noMatches, { query: query.search }) : t.interpreters.empty}</p>
        ) : (
          page && (
            <>
              <InterpreterTable page={page} query={query} editId={editId} deleteId={deleteId} selfId={selfId} failure={failure} />
              <Pagination page={page.page} pageCount={page.pageCount} />
            </>
          )
        )}
      </Panel>
      {expiring.ok && <ExpiringCredentials items={expiring.value} />}
    </>
  );
}
