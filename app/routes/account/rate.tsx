// /Account/Rate/<kind>/<id> and /ar/Account/Rate/<kind>/<id> (issue 27, build item 4): a requester rates an appointment
// or an answered call of their organisation, 1 to 5 with an optional comment, and may change it for 7 days. Another
// organisation's item, or none, is a 404. Registered top-level for now; the /Account layout (helper B) will hold it.
import { Link, useActionData } from "react-router";
import { Facts } from "~/components/Facts";
import { OfficeTime } from "~/components/OfficeTime";
import { useActionToast } from "~/components/Toasts";
import { editableUntil, RATING_EDIT_DAYS } from "~/domain/ratings";
import { RatingForm } from "~/features/ratings/RatingForm";
import { ratingPage, saveRating, targetOr404 } from "~/features/ratings/rate.server";
import { format, plural } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { localeOfPath, localizedPath, messagesFor, messagesOfRequest, useLocale, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { metaLocale } from "~/platform/page/meta";
import { appContext } from "~/request/context.server";
import { requireCustomer } from "~/request/guards.server";
import { redirectWithToast } from "~/request/toast.server";
import type { Route } from "./+types/rate";

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${messagesFor(metaLocale(matches, location)).ratings.page.metaTitle} — PUSH` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const target = targetOr404(args.params);
  return ratingPage(appContext(args.context).backend, user, target, Date.now());
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCustomer(args);
  const target = targetOr404(args.params);
  const app = appContext(args.context);
  const t = messagesOfRequest(args.request);
  const refused = await saveRating(app.backend, user, target, args.request, t, Date.now());
  if (refused) return refused;
  const page = localizedPath(localeOfPath(args.url.pathname), `/Account/Rate/${target.kind}/${target.id}`);
  return redirectWithToast(page, { type: "success", message: t.ratings.page.saved }, { request: args.request, config: app.config });
}

export default function RatePage({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const t = m.ratings.page;
  const locale = useLocale();
  const href = useLocalizedPath();
  const failure: FormFailure | null = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  const { view, state } = loaderData;
  const { item, rating } = view;
  return (
    <>
      <p>
        <Link to={href("/Account")}>{t.back}</Link>
      </p>
      <h1>{t.heading}</h1>
      <Facts
        items={[
          [item.kind === "appointment" ? t.appointment : t.call, <OfficeTime key="when" at={item.startsAt} />],
          [t.language, <bdi key="language">{item.language}</bdi>],
          [t.interpreter, item.interpreterName ? <bdi key="interpreter">{item.interpreterName}</bdi> : t.noInterpreter],
        ]}
      />
      {state === "not-yet" && <p className="empty-state">{t.notYet}</p>}
      {state === "open" && (
        <>
          {rating && <EditableUntil at={editableUntil(rating)} template={t.editableUntil} />}
          <RatingForm rating={rating} failure={failure} />
        </>
      )}
      {state === "locked" && rating && (
        <section aria-labelledby="your-rating">
          <h2 id="your-rating">{t.yourRating}</h2>
          <p>
            {plural(locale, m.ratings.form.score, rating.score)} — {m.ratings.form.scoreWords[rating.score - 1]}
          </p>
          {rating.comment && <blockquote className="rating-comment">{rating.comment}</blockquote>}
          <p>{format(t.locked, { days: RATING_EDIT_DAYS })}</p>
        </section>
      )}
    </>
  );
}

/** "You can change your rating until {date}", the date in the office's time. */
function EditableUntil({ at, template }: { at: number; template: string }) {
  const [before = "", after = ""] = template.split("{date}");
  return (
    <p>
      {before}
      <OfficeTime at={at} />
      {after}
    </p>
  );
}
