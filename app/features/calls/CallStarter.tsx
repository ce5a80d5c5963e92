// Starting a call on /Call (issue 14): the camera and microphone are checked first (a preview and a level meter,
// and plain words when the browser refuses or finds no device); then the call rings the switchboard and waits,
// and the caller can cancel. Answered: on to the room. Unanswered: the callback form below takes over.
import { useEffect, useRef, useState } from "react";
import { CALLER_NAME_MAX, type LinkedCallOffer } from "~/domain/call-forms";
import { CALL_TYPES, type CallType, type CallerMessage } from "~/domain/switchboard";
import { format } from "~/i18n";
import { useMessages } from "~/platform/page/locale";
import { callSocket } from "./socket";
import { useTurnstileWidget } from "~/platform/page/turnstile";
import { TURNSTILE_FIELD } from "~/platform/page/bot-checks";
import { Field, languageOptions, RadioGroup, SelectField } from "~/components/forms";
import { formText } from "~/platform/page/form-text";

type Device = "idle" | "checking" | "ready" | "ready-audio" | "denied" | "no-device" | "unsupported";
type Calling = "idle" | "waiting" | "answered" | "unanswered" | "cancelled" | "failed";

type Props = {
  languages: { id: number; name: string }[];
  /** A staff member's call link: its name, language and type are set, and only the link is sent. */
  link: LinkedCallOffer | null;
  /** A signed-in requester's name: the call is theirs, so the name field shows it and cannot be changed. */
  callerName?: string | null;
  turnstileSiteKey: string | null;
  onUnanswered: (callId: string | null, languageId: string) => void;
};

export function CallStarter({ languages, link, callerName = null, turnstileSiteKey, onUnanswered }: Props) {
  const c = useMessages().call;
  const [device, setDevice] = useState<Device>("idle");
  const [calling, setCalling] = useState<Calling>("idle");
  const [level, setLevel] = useState(0);
  const [type, setType] = useState<CallType>(link?.type ?? "video");
  const preview = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const callId = useRef<string | null>(null);
  const challenge = useTurnstileWidget(turnstileSiteKey);

  useEffect(() => () => stopDevices(), []);

  function stopDevices() {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }

  async function check() {
    if (!navigator.mediaDevices?.getUserMedia) return setDevice("unsupported");
    setDevice("checking");
    stopDevices();
    try {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true, video: type === "video" }).catch(async (error: DOMException) => {
        // No camera: a voice call still works.
        if (type === "video" && error.name === "NotFoundError") return navigator.mediaDevices.getUserMedia({ audio: true });
        throw error;
      });
      stream.current = media;
      if (preview.current) preview.current.srcObject = media.getVideoTracks().length ? media : null;
      setDevice(media.getVideoTracks().length || type === "audio" ? "ready" : "ready-audio");
      meterOf(media, setLevel);
    } catch (error) {
      setDevice((error as DOMException).name === "NotAllowedError" ? "denied" : "no-device");
    }
  }

  function start(form: HTMLFormElement) {
    const data = new FormData(form);
    const params: Record<string, string> = link
      ? { link: link.token }
      : Object.fromEntries(["language", "type", "name"].map((name) => [name, formText(data, name)]));
    const languageId = link ? String(link.languageId) : formText(data, "language");
    // With Turnstile on, the widget put its token in the form; the worker checks it before anything rings.
    const token = data.get(TURNSTILE_FIELD);
    if (typeof token === "string" && token) params.turnstile = token;
    challenge.reset();
    stopDevices();
    setCalling("waiting");
    callId.current = null;
    const ws = callSocket("/api/calls/caller", params);
    socket.current = ws;
    let settled = false;
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as CallerMessage & { key?: string };
      if (message.type === "waiting") callId.current = message.callId;
      else if (message.type === "answered" && message.key) {
        settled = true;
        setCalling("answered");
        enterRoom(message.roomId, message.key);
      } else if (message.type === "unanswered") {
        settled = true;
        setCalling("unanswered");
        ws.close(1000);
        onUnanswered(callId.current, languageId);
      }
    };
    ws.onclose = () => {
      if (settled) return;
      // Refused before it rang (no call id yet): it could not be started. Dropped while ringing (a lost network, or
      // the switchboard restarting): the call is not lost on the board (it waits there for a callback), and the
      // caller is offered the callback at once rather than left waiting.
      if (callId.current === null) setCalling((current) => (current === "waiting" ? "failed" : current));
      else {
        settled = true;
        setCalling("unanswered");
        onUnanswered(callId.current, languageId);
      }
    };
  }

  function cancel() {
    if (socket.current) socket.current.onclose = null;
    socket.current?.send(JSON.stringify({ type: "cancel" }));
    socket.current?.close(1000);
    setCalling("cancelled");
  }

  const deviceWords: Record<Device, string> = {
    idle: c.checkFirst,
    checking: c.checking,
    ready: c.ready,
    "ready-audio": c.readyAudio,
    denied: c.denied,
    "no-device": c.noDevice,
    unsupported: c.unsupported,
  };
  const ready = device === "ready" || device === "ready-audio";
  const busy = calling === "waiting" || calling === "answered";
  const callingWords: Record<Calling, string | null> = {
    idle: null,
    waiting: c.waiting,
    answered: c.answered,
    unanswered: c.unanswered,
    cancelled: c.cancelled,
    failed: format(c.failed, { reason: c.notSent }),
  };
  return (
    <form
      className="form call-starter"
      aria-labelledby="call-start-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !busy) start(event.currentTarget);
      }}
    >
      <h2 id="call-start-heading">{c.startHeading}</h2>
      {link ? null : (
        <CallChoices
          languages={languages}
          busy={busy}
          type={type}
          callerName={callerName}
          onType={(option) => (setType(option), setDevice("idle"), stopDevices())}
        />
      )}
      <section className="call-starter__check" aria-labelledby="call-check-heading">
        <h3 id="call-check-heading">{c.checkHeading}</h3>
        <video
          ref={preview}
          className="call-starter__preview"
          autoPlay
          playsInline
          muted
          aria-label={c.preview}
          hidden={device !== "ready" || type !== "video"}
        />
        {ready ? (
          <p>
            <label htmlFor="call-level">{c.level}</label> <meter id="call-level" min={0} max={1} value={level} />
          </p>
        ) : null}
        <p role="status" className={`call-starter__device call-starter__device--${device}`}>
          {deviceWords[device]}
        </p>
        <button type="button" className="button button--ghost" onClick={() => void check()} disabled={busy || device === "checking"}>
          {c.check}
        </button>
      </section>
      {turnstileSiteKey && <div ref={challenge.container} className="call-starter__challenge" />}
      <p role="status" aria-live="polite" className="call-starter__calling">
        {callingWords[calling]}
      </p>
      <div className="call-starter__actions">
        {calling === "waiting" ? (
          <button type="button" className="button button--danger" onClick={cancel}>
            {c.cancel}
          </button>
        ) : (
          <button type="submit" className="button button--success" disabled={!ready || busy} aria-describedby={ready ? undefined : "call-check-first"}>
            {c.start}
          </button>
        )}
        {!ready && !busy ? (
          <span id="call-check-first" className="field__hint">
            {c.checkFirst}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** The caller's own choices (a call link has made them already): language, video or voice, and their name. */
function CallChoices({
  languages,
  busy,
  type,
  callerName,
  onType,
}: {
  languages: Props["languages"];
  busy: boolean;
  type: CallType;
  callerName: string | null;
  onType: (type: CallType) => void;
}) {
  const c = useMessages().call;
  return (
    <>
      <SelectField
        id="call-language"
        label={c.language}
        name="language"
        required
        disabled={busy}
        defaultValue=""
        placeholder={c.chooseLanguage}
        options={languageOptions(languages)}
      />
      <RadioGroup
        legend={c.type}
        name="type"
        options={CALL_TYPES.map((option) => ({ value: option, label: c[option] }))}
        value={type}
        onChange={onType}
        disabled={busy}
      />
      <Field
        id="call-name"
        label={c.name}
        name="name"
        autoComplete="name"
        required
        maxLength={CALLER_NAME_MAX}
        disabled={busy}
        {...(callerName ? { defaultValue: callerName, readOnly: true } : {})}
      />
    </>
  );
}

/** Feeds a 0–1 loudness of the microphone to `set`, about 10 times a second, while the stream lives. */
function meterOf(media: MediaStream, set: (level: number) => void) {
  const [track] = media.getAudioTracks();
  if (!track) return;
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(media).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  const timer = setInterval(() => {
    if (track.readyState === "ended") {
      clearInterval(timer);
      void context.close();
      return set(0);
    }
    analyser.getByteTimeDomainData(samples);
    let peak = 0;
    for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128) / 128);
    set(Math.min(1, peak * 2));
  }, 100);
}

/**
 * Into the answered call's room: the room's key goes in a form post (never in an address, where logs and history keep
 * it), and the worker answers with a cookie scoped to the room and the room's page (workers/calls.ts).
 */
function enterRoom(roomId: string, key: string): void {
  const form = document.createElement("form");
  form.method = "post";
  form.action = `/api/calls/room/${encodeURIComponent(roomId)}/enter`;
  form.hidden = true;
  const field = document.createElement("input");
  field.type = "hidden";
  field.name = "key";
  field.value = key;
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
}
