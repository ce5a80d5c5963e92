import { data, Link } from "react-router";
import { CallDetails } from "~/components/CallDetails";
import { findCall } from "~/domain/calls";
import { format } from "~/i18n";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireUser } from "~/lib/guards.server";
import { useMessages } from "~/lib/locale";
import type { Route } from "./+types/call-room";

export const meta: Route.MetaFunction = (args) =>
  dashboardMeta(args, (t) => format(t.dashboard.callRoom.heading, { roomId: args.params.roomId ?? "" }));

/** The room an accepted call opens (the original navigated here but had no such route). */
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const call = findCall(args.params.roomId);
  if (!call) throw data(null, { status: 404 });
  return { call };
}

export default function CallRoom({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const { call } = loaderData;
  return (
    <main id="main" className="call-room">
      <h1>{format(t.dashboard.callRoom.heading, { roomId: call.roomId })}</h1>
      <p role="status">{t.dashboard.callRoom.connected}</p>
      <CallDetails call={call} className="call-room__details" />
      <Link to="/Dashboard/Dashboardcall" className="button button--danger">
        {t.dashboard.callRoom.hangUp}
      </Link>
    </main>
  );
}
