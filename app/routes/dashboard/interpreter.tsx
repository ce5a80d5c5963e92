// /Dashboard/Interpreter/<id> (admins, issue 25): one interpreter's working hours, time off and credentials, which the
// offers read. Admins edit all three here; the interpreter edits their own hours and time off on Profile. Below, their
// ratings (issue 27): average, count and the latest comments.
import { data, Link, useActionData } from "react-router";
import { useActionToast } from "~/components/Toasts";
import { isUserId } from "~/domain/availability";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { wallClockOf } from "~/domain/zoned-time";
import { adminAvailabilityIntents } from "~/features/availability/availability-actions.server";
import { CredentialsPanel, TimeOffPanel, WorkingHoursPanel } from "~/features/availability/AvailabilityPanels";
import { InterpreterRatingsPanel } from "~/features/ratings/RatingPanels";
import type { FormFailure } from "~/platform/page/form-failure";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { useMessages } from "~/platform/page/locale";
import type { Backend } from "~/backend/port.server";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import type { Route } from "./+types/interpreter";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.availability.person.metaTitle);

/** The person's availability, or 404 for an id that names nobody. */
async function availabilityOr404(backend: Backend, userId: string) {
  const found = isUserId(userId) ? await backend.availability.of(userId) : null;
  if (!found) throw data(null, { status: 404 });
  return found;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const userId = args.params.userId;
  const backend = appContext(args.context).backend;
  const availability = await availabilityOr404(backend, userId);
  // Issue 27: the interpreter's ratings, with the organisations that gave them and never the requesters.
  const ratings = await backend.ratings.forInterpreter(userId);
  return { userId, availability, ratings, today: wallClockOf(Date.now(), COMPANY_TIME_ZONE).date };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const userId = args.params.userId;
  await availabilityOr404(appContext(args.context).backend, userId);
  return runIntent({ ...args, user: admin }, adminAvailabilityIntents({ userId, page: `/Dashboard/Interpreter/${userId}` }));
}

export default function InterpreterAvailability({ loaderData }: Route.ComponentProps) {
  const t = useMessages().availability.person;
  const { availability, ratings, today } = loaderData;
  const failure: FormFailure | null = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const [before = "", after = ""] = t.heading.split("{name}");
  return (
    <>
      <p>
        <Link to="/Dashboard/Interpreter">{t.back}</Link>
      </p>
      <h1>
        {before}
        <bdi>{availability.name}</bdi>
        {after}
      </h1>
      <WorkingHoursPanel hours={availability.hours} personName={availability.name} failure={failure} />
      <TimeOffPanel timeOff={availability.timeOff} failure={failure} />
      <CredentialsPanel credentials={availability.credentials} today={today} editable failure={failure} />
      <InterpreterRatingsPanel ratings={ratings} />
    </>
  );
}
