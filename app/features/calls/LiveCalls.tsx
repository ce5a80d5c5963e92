// The interpreter's side of live calls on the incoming-call screen: Available or Away, and the calls ringing on
// them now, each with Accept (the first accept wins; the others are told the call was taken).
import { useEffect, useRef } from "react";
import type { RingingCall } from "~/domain/switchboard";
import { useMessages } from "~/platform/page/locale";
import { useSwitchboard } from "./useSwitchboard";

export function LiveCalls() {
  const t = useMessages();
  const c = t.dashboard.call;
  const live = c.live;
  const board = useSwitchboard();
  const ringer = useRinger(board.ringing.length, live.ringingTitle);

  const status = board.line === "connecting" ? live.connecting : board.line === "offline" ? live.offline : board.available ? live.available : live.away;
  return (
    <>
      <section className="panel live-calls" aria-labelledby="availability-heading">
        <h2 id="availability-heading">{live.availabilityHeading}</h2>
        <p role="status" className={`live-calls__status live-calls__status--${board.line === "online" && board.available ? "available" : "away"}`}>
          {status}
        </p>
        <button
          type="button"
          className={board.available ? "button button--ghost" : "button button--success"}
          aria-pressed={board.available === true}
          disabled={board.line !== "online" || board.available === null}
          onClick={() => {
            // A click is what lets the page play the ring later (browsers' autoplay rules).
            ringer.unlock();
            board.setAvailable(!board.available);
          }}
        >
          {board.available ? live.goAway : live.goAvailable}
        </button>
      </section>
      <div aria-live="assertive">
        {board.taken ? (
          <p role="alert" className="live-calls__taken">
            {live.taken}
          </p>
        ) : null}
        {board.ringing.map((call) => (
          <RingingCallCard key={call.id} call={call} onAccept={() => board.accept(call.id)} acceptLabel={c.accept} />
        ))}
      </div>
    </>
  );
}

function RingingCallCard({ call, onAccept, acceptLabel }: { call: RingingCall; onAccept: () => void; acceptLabel: string }) {
  const t = useMessages();
  const c = t.dashboard.call;
  const headingId = `ringing-${call.id}`;
  return (
    <section className="call-card call-card--live" aria-labelledby={headingId}>
      <h2 id={headingId}>{c.incoming}</h2>
      <dl>
        <dt>{c.customer}</dt>
        <dd>
          <bdi>{call.callerName}</bdi>
        </dd>
        <dt>{c.language}</dt>
        <dd>{call.language}</dd>
        <dt>{c.type}</dt>
        <dd>{t.call[call.type]}</dd>
      </dl>
      <div className="call-card__actions">
        <button type="button" className="button button--success" onClick={onAccept}>
          {acceptLabel}
        </button>
      </div>
    </section>
  );
}

/** While calls ring: the tab's title says so, and a short two-tone ring plays every 3 s (once the page may play sound). */
function useRinger(ringing: number, title: string) {
  const audio = useRef<AudioContext | null>(null);
  useEffect(() => {
    if (ringing === 0) return;
    const original = document.title;
    document.title = `(${ringing}) ${title} · ${original}`;
    const ring = () => {
      const context = audio.current;
      if (!context || context.state !== "running") return;
      for (const [index, frequency] of [660, 880].entries()) {
        const tone = context.createOscillator();
        const gain = context.createGain();
        tone.frequency.value = frequency;
        gain.gain.value = 0.08;
        tone.connect(gain).connect(context.destination);
        const start = context.currentTime + index * 0.25;
        tone.start(start);
        tone.stop(start + 0.2);
      }
    };
    ring();
    const timer = setInterval(ring, 3000);
    return () => {
      clearInterval(timer);
      document.title = original;
    };
  }, [ringing, title]);
  return {
    unlock() {
      audio.current ??= new AudioContext();
      void audio.current.resume();
    },
  };
}
