// A live call's room (issue 14): the other party's video (or voice), this browser's own preview, the connection's
// state, the call's time, and mute, camera and hang-up. Every state is said in words for screen readers.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { RoomParty } from "~/domain/switchboard";
import { formatNumber } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { useCallRoom, type RoomState } from "./useCallRoom";

/** `appointment`: a video appointment's room (issue 25): its own heading, and the interpreter goes back to My jobs. */
type Props = { roomId: string; party: RoomParty; ended: boolean; appointment: boolean; iceServers: RTCIceServer[] };

export function LiveRoom(props: Props) {
  const t = useMessages().dashboard.callRoom;
  // Taken apart: the refs go to their elements, and the render reads only the plain values.
  const { state, connectedAt, muted, cameraOff, hasVideo, localVideo, remoteVideo, toggleMute, toggleCamera, hangUp } = useCallRoom(props);
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
  const ended = state === "ended" || state === "elsewhere";
  const back =
    props.party === "caller"
      ? { to: "/", label: t.backHome }
      : props.appointment
        ? { to: "/Dashboard/Jobs", label: t.backToJobs }
        : { to: "/Dashboard/Dashboardcall", label: t.backToCalls };
  return (
    <main id="main" className="call-room call-room--live">
      <h1>{props.appointment ? t.appointmentHeading : t.liveHeading}</h1>
      <noscript>
        <p>{t.needsJavaScript}</p>
      </noscript>
      <p role="status" className={`call-room__state call-room__state--${state}`} data-state={state}>
        {words[state]}
      </p>
      <CallTimer since={connectedAt} running={state === "connected" || state === "reconnecting"} />
      <div className="call-room__videos" hidden={ended || state === "no-media"}>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live call: there is no caption track to give */}
        <video ref={remoteVideo} className="call-room__remote" autoPlay playsInline aria-label={t.remoteVideo} />
        <video ref={localVideo} className="call-room__local" autoPlay playsInline muted aria-label={t.localVideo} hidden={!hasVideo} />
      </div>
      {ended ? (
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      ) : (
        <div className="call-room__controls">
          <button type="button" className="button button--ghost" aria-pressed={muted} onClick={toggleMute} disabled={state === "no-media"}>
            {muted ? t.unmute : t.mute}
          </button>
          {hasVideo ? (
            <button type="button" className="button button--ghost" aria-pressed={cameraOff} onClick={toggleCamera}>
              {cameraOff ? t.cameraOn : t.cameraOff}
            </button>
          ) : null}
          <button type="button" className="button button--danger" onClick={hangUp}>
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
