// A live call's room (issue 14): the other party's video (or voice), this browser's own preview, the connection's
// state, the call's time, and mute, camera and hang-up. Every state is said in words for screen readers.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { RoomParty } from "~/domain/switchboard";
import { formatNumber } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { useCallRoom, type RoomState } from "./useCallRoom";

type Props = { roomId: string; party: RoomParty; ended: boolean; iceServers: RTCIceServer[] };

export function LiveRoom(props: Props) {
  const t = useMessages().dashboard.callRoom;
  const room = useCallRoom(props);
  const words: Record<RoomState, string> = {
    starting: t.starting,
    waiting: t.waiting,
    connecting: t.connecting,
    connected: t.connectedLive,
    reconnecting: t.reconnecting,
    ended: t.ended,
    "no-media": t.noMedia,
    elsewhere: t.elsewhere,
  };
  const ended = room.state === "ended" || room.state === "elsewhere";
  return (
    <main id="main" className="call-room call-room--live">
      <h1>{t.liveHeading}</h1>
      <p role="status" className={`call-room__state call-room__state--${room.state}`} data-state={room.state}>
        {words[room.state]}
      </p>
      <CallTimer since={room.connectedAt} running={room.state === "connected" || room.state === "reconnecting"} />
      <div className="call-room__videos" hidden={ended || room.state === "no-media"}>
        <video ref={room.remoteVideo} className="call-room__remote" autoPlay playsInline aria-label={t.remoteVideo} />
        <video ref={room.localVideo} className="call-room__local" autoPlay playsInline muted aria-label={t.localVideo} hidden={!room.hasVideo} />
      </div>
      {ended ? (
        <p>
          <Link to={props.party === "interpreter" ? "/Dashboard/Dashboardcall" : "/"}>{props.party === "interpreter" ? t.backToCalls : t.backHome}</Link>
        </p>
      ) : (
        <div className="call-room__controls">
          <button type="button" className="button button--ghost" aria-pressed={room.muted} onClick={room.toggleMute} disabled={room.state === "no-media"}>
            {room.muted ? t.unmute : t.mute}
          </button>
          {room.hasVideo ? (
            <button type="button" className="button button--ghost" aria-pressed={room.cameraOff} onClick={room.toggleCamera}>
              {room.cameraOff ? t.cameraOn : t.cameraOff}
            </button>
          ) : null}
          <button type="button" className="button button--danger" onClick={room.hangUp}>
            {t.hangUp}
          </button>
        </div>
      )}
    </main>
  );
}

/** Minutes and seconds since the call connected, in the page's numbers. */
function CallTimer({ since, running }: { since: number | null; running: boolean }) {
  const t = useMessages().dashboard.callRoom;
  const locale = useLocale();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (since === null) return null;
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  const two = (value: number) => formatNumber(locale, value, { minimumIntegerDigits: 2 });
  return (
    <p className="call-room__timer">
      {t.time} <time dateTime={`PT${seconds}S`}>{`${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`}</time>
    </p>
  );
}
