import { data, Link } from "react-router";
import { CallDetails } from "~/features/calls/CallDetails";
import { LiveRoom } from "~/features/calls/LiveRoom";
import { findCall } from "~/domain/calls";
import { format } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { appContext } from "~/request/context.server";
import { requireStaff } from "~/request/guards.server";
import { roomPartyFor } from "~/features/calls/room-access.server";
import { appointmentRoomCheck } from "~/features/appointments/appointment-room.server";
import { useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/call-room";

export const meta: Route.MetaFunction = (args) =>
  dashboardMeta(args, (t) =>
    args.data?.kind === "live"
      ? args.data.live.appointment
        ? t.dashboard.callRoom.appointmentHeading
        : t.dashboard.callRoom.liveHeading
      : format(t.dashboard.callRoom.heading, { roomId: args.params.roomId ?? "" }),
  );

/**
 * The room an accepted call opens. The spec's sample room is for signed-in staff. A live call's room (issue 14) opens
 * for its two parties only (issue 21): the interpreter who accepted, signed in as themselves, and the caller, whose
 * page exchanged the room's key for a cookie scoped to this room (app/features/calls/room-access.server.ts). Anyone else — signed
 * out, another staff member — gets 403 and learns nothing about the room. The address itself holds no secret.
 * A video appointment's room (issue 25) is the same room, entered by Join (app/features/appointments/appointment-room.server.ts)
 * and admitting its customer and its interpreter only while the appointment, read again here, says so.
 */
export async function loader(args: Route.LoaderArgs) {
  const sample = findCall(args.params.roomId);
  if (sample) {
    await requireStaff(args);
    return { kind: "sample" as const, call: sample };
  }
  const { config, backend, cloudflare } = appContext(args.context);
  const admitted = await roomPartyFor(
    args.request,
    cloudflare.env,
    config.SESSION_SECRET,
    args.params.roomId,
    async () => (await backend.auth.currentUser())?.id ?? null,
    appointmentRoomCheck(backend),
  );
  if (!admitted) throw data(null, { status: 403 });
  const { party, ended, appointment } = admitted;
  return { kind: "live" as const, live: { roomId: args.params.roomId, party, ended, appointment, iceServers: config.iceServers } };
}

export default function CallRoom({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "live" ? <LiveRoom {...loaderData.live} /> : <SampleRoom call={loaderData.call} />;
}

function SampleRoom({ call }: { call: NonNullable<ReturnType<typeof findCall>> }) {
  const t = useMessages();
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
