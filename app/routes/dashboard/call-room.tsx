import { data, Link } from "react-router";
import { findCall } from "~/domain/calls";
import { en, format } from "~/i18n";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireUser } from "~/lib/guards.server";
import { useMessages } from "~/lib/messages";
import type { Route } from "./+types/call-room";

export const meta: Route.MetaFunction = ({ params }) =>
  dashboardMeta(format(en.dashboard.callRoom.heading, { roomId: params.roomId ?? "" }));

/** The room an accepted call opens (the original navigated here but had no such route). */
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const call = findCall(args.params.roomId);
  if (!call) throw data(null, { status: 404 });
  return { call };
}

export default function CallRoom({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const c = t.dashboard.call;
  const { call } = loaderData;
  return (
    <main id="main" className="call-room">
      <h1>{format(t.dashboard.callRoom.heading, { roomId: call.roomId })}</h1>
      <p role="status">{t.dashboard.callRoom.connected}</p>
      <dl className="call-room__details">
        <dt>{c.customer}</dt>
        <dd>{call.customer}</dd>
        <dt>{c.language}</dt>
        <dd>{call.language}</dd>
        <dt>{c.type}</dt>
        <dd>{call.type}</dd>
        <dt>{c.room}</dt>
        <dd>{call.roomId}</dd>
      </dl>
      <Link to="/Dashboard/Dashboardcall" className="button button--danger">
        {t.dashboard.callRoom.hangUp}
      </Link>
    </main>
  );
}
