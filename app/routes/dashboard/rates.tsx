// /Dashboard/Rates (admins, issue 26 build item 1; docs/decisions/0035): customers' prices and interpreters' pay, each
// a paged table of lines with its "Add a line" form under it. A line is never edited; a new price is a new line from
// its date, and the table says which line prices work today.
import type { ReactNode } from "react";
import { useActionData } from "react-router";
import { FormAlert } from "~/components/forms";
import { Pagination } from "~/components/Pagination";
import { Panel } from "~/components/Panel";
import { useActionToast } from "~/components/Toasts";
import { companyToday } from "~/domain/orders";
import type { RateLine } from "~/domain/pricing";
import { RateLineForm } from "~/features/billing/RateLineForm";
import { RateTable } from "~/features/billing/RateTable";
import { PAGE_PARAMS, SECTION_IDS } from "~/features/billing/rate-sections";
import { addRateLine, loadRates } from "~/features/billing/rates.server";
import { plural } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { failureToasts } from "~/request/page-loads.server";
import type { Route } from "./+types/rates";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.billing.rates.heading);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const today = companyToday(new Date());
  const { bill, pay, languages } = await loadRates(appContext(args.context).backend, args.url, today);
  return { bill, pay, languages, today, toasts: failureToasts(messagesFor(admin.locale), bill, pay, languages) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { add: addRateLine });
}

export default function Rates({ loaderData }: Route.ComponentProps) {
  const t = useMessages().billing.rates;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const { languages, today } = loaderData;
  const languageList = languages.ok ? languages.value : [];
  const languageNames = new Map(languageList.map((language) => [language.id, language.name]));
  const failedSide = failure?.values.side;

  return (
    <>
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <p>{t.neverEdited}</p>
      <FormAlert message={failure?.formError} />
      {(["bill", "pay"] as const).map((side) => (
        <RateSide
          key={side}
          side={side}
          lines={loaderData[side]}
          languageNames={languageNames}
          form={<RateLineForm side={side} languages={languageList} today={today} failure={failedSide === side ? failure : null} />}
        />
      ))}
    </>
  );
}

type Lines = Awaited<ReturnType<typeof loader>>["bill"];

function RateSide({ side, lines, languageNames, form }: { side: RateLine["side"]; lines: Lines; languageNames: ReadonlyMap<number, string>; form: ReactNode }) {
  const t = useMessages().billing.rates;
  const locale = useLocale();
  const page = lines.ok ? lines.value : null;
  const id = SECTION_IDS[side];
  return (
    <Panel id={id} heading={t.sides[side]} meta={page && plural(locale, t.count, page.total)}>
      {page && page.items.length === 0 && <p className="empty-state">{t.empty[side]}</p>}
      {page && page.items.length > 0 && (
        <>
          <RateTable side={side} lines={page.items} statuses={page.statuses} languageNames={languageNames} labelledBy={id} />
          <Pagination page={page.page} pageCount={page.pageCount} anchor={id} param={PAGE_PARAMS[side]} label={t.pageLabel[side]} />
        </>
      )}
      {form}
    </Panel>
  );
}
