// One side of a call room (issue 14): this browser's camera and microphone, a peer connection to the other party,
// and the room's socket carrying the offer, the answer and ICE candidates between them (app/features/calls/room-object.server.ts).
// The interpreter makes the offers; the caller answers. When the connection drops (a network change), the
// interpreter restarts ICE on the same call; a party whose page reloads joins again with a fresh offer.
// Issue 21: the socket comes first and the camera only once the room has taken this tab (a second tab of the same
// party is told the call is open elsewhere and never touches the camera); a dropped socket is opened again, with
// backoff, and a hang-up while it is down goes over HTTP.
import { useCallback, useEffect, useRef, useState } from "react";
import type { RoomParty } from "~/domain/switchboard";
import { callSocket, keepAlive, reconnectDelay, tabName } from "./socket";

export type RoomState = "starting" | "waiting" | "connecting" | "connected" | "reconnecting" | "ended" | "no-media" | "elsewhere";

type Signal =
  | { type: "joined"; peerPresent: boolean }
  | { type: "peer-joined" | "peer-left" | "ended" | "elsewhere" }
  | { type: "offer" | "answer"; sdp: string }
  | { type: "candidate"; candidate: RTCIceCandidateInit };

export type CallRoom = {
  state: RoomState;
  connectedAt: number | null;
  muted: boolean;
  cameraOff: boolean;
  hasVideo: boolean;
  localVideo: React.RefObject<HTMLVideoElement | null>;
  remoteVideo: React.RefObject<HTMLVideoElement | null>;
  toggleMute: () => void;
  toggleCamera: () => void;
  hangUp: () => void;
};

async function localMedia(): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
  } catch {
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return null;
    }
  }
}

type Props = { roomId: string; party: RoomParty; ended: boolean; iceServers: RTCIceServer[] };

export function useCallRoom({ roomId, party, ended, iceServers }: Props): CallRoom {
  const [state, setState] = useState<RoomState>(ended ? "ended" : "starting");
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [hasVideo, setHasVideo] = useState(false);
  const localVideo = useRef<HTMLVideoElement | null>(null);
  const remoteVideo = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const finished = useRef(ended);

  useEffect(() => {
    if (finished.current) return;
    let pc: RTCPeerConnection | null = null;
    let media: Promise<RTCPeerConnection | null> | null = null;
    let stopHeartbeat = () => {};
    let restartTimer: ReturnType<typeof setTimeout> | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const pendingCandidates: RTCIceCandidateInit[] = [];
    const send = (message: Record<string, unknown>) => socket.current?.readyState === WebSocket.OPEN && socket.current.send(JSON.stringify(message));
    const offerer = party === "interpreter";

    const offer = async (iceRestart: boolean) => {
      if (!pc) return;
      await pc.setLocalDescription(await pc.createOffer({ iceRestart }));
      send({ type: "offer", sdp: pc.localDescription!.sdp });
    };

    const stop = (next: RoomState) => {
      finished.current = true;
      stopHeartbeat();
      clearTimeout(restartTimer);
      clearTimeout(reconnectTimer);
      pc?.close();
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      setState(next);
    };

    /** The camera, the microphone and the peer connection: once, after the room has taken this tab. */
    const startMedia = (): Promise<RTCPeerConnection | null> =>
      (media ??= (async () => {
        const local = await localMedia();
        if (finished.current) return null;
        if (!local) {
          setState("no-media");
          return null;
        }
        stream.current = local;
        setHasVideo(local.getVideoTracks().length > 0);
        if (localVideo.current) localVideo.current.srcObject = local;
        pc = new RTCPeerConnection({ iceServers });
        for (const track of local.getTracks()) pc.addTrack(track, local);
        pc.ontrack = (event) => {
          if (remoteVideo.current && event.streams[0]) remoteVideo.current.srcObject = event.streams[0];
        };
        pc.onicecandidate = (event) => event.candidate && send({ type: "candidate", candidate: event.candidate.toJSON() });
        pc.onconnectionstatechange = () => {
          if (!pc || finished.current) return;
          if (pc.connectionState === "connected") {
            clearTimeout(restartTimer);
            setState("connected");
            setConnectedAt((at) => at ?? Date.now());
          } else if (pc.connectionState === "disconnected" || pc.connectionState === "failed") {
            setState("reconnecting");
            // A short interruption: the same call, new ICE candidates (the interpreter asks; the caller answers).
            if (offerer) restartTimer = setTimeout(() => void offer(true), pc.connectionState === "failed" ? 0 : 2000);
          }
        };
        return pc;
      })());

    const onSignal = async (signal: Signal) => {
      if (signal.type === "elsewhere") return stop("elsewhere");
      if (signal.type === "ended") return stop("ended");
      if (signal.type === "joined") {
        attempt = 0;
        const connection = await startMedia();
        if (!connection) return;
        setState((current) => (current === "connected" ? current : signal.peerPresent ? "connecting" : "waiting"));
        // A first join, or a return after a dropped socket: the other side needs an offer (an ICE restart if they had one).
        if (signal.peerPresent && offerer) await offer(connection.remoteDescription !== null);
        return;
      }
      const connection = await media;
      if (!connection) return;
      if (signal.type === "peer-joined") {
        setState((current) => (current === "connected" ? current : "connecting"));
        // The other side (re)joined: they need an offer, a fresh one if they had one before.
        if (offerer) await offer(connection.remoteDescription !== null);
      } else if (signal.type === "peer-left") {
        setState("reconnecting");
      } else if (signal.type === "offer") {
        await connection.setRemoteDescription({ type: "offer", sdp: signal.sdp });
        await connection.setLocalDescription(await connection.createAnswer());
        send({ type: "answer", sdp: connection.localDescription!.sdp });
        for (const candidate of pendingCandidates.splice(0)) await connection.addIceCandidate(candidate).catch(() => {});
      } else if (signal.type === "answer") {
        await connection.setRemoteDescription({ type: "answer", sdp: signal.sdp });
        for (const candidate of pendingCandidates.splice(0)) await connection.addIceCandidate(candidate).catch(() => {});
      } else if (signal.type === "candidate") {
        // Candidates may arrive before the description they belong to.
        if (connection.remoteDescription) await connection.addIceCandidate(signal.candidate).catch(() => {});
        else pendingCandidates.push(signal.candidate);
      }
    };

    const connect = () => {
      if (finished.current) return;
      const ws = callSocket(`/api/calls/room/${encodeURIComponent(roomId)}`, { tab: tabName(roomId) });
      socket.current = ws;
      ws.onopen = () => {
        stopHeartbeat = keepAlive(ws);
      };
      // Signals are handled one after the other: an offer must be answered before its candidates are added.
      let queue = Promise.resolve();
      ws.onmessage = (event) => {
        if (event.data === "pong") return;
        const signal = JSON.parse(String(event.data)) as Signal;
        queue = queue.then(() => onSignal(signal)).catch(() => {});
      };
      ws.onclose = (event) => {
        stopHeartbeat();
        if (finished.current) return;
        // Replaced by another socket of this party: that one has the call now.
        if (event.code === 4001) return stop("elsewhere");
        setState((current) => (current === "connected" ? current : current === "starting" ? current : "reconnecting"));
        reconnectTimer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();

    return () => {
      finished.current = true;
      stopHeartbeat();
      clearTimeout(restartTimer);
      clearTimeout(reconnectTimer);
      socket.current?.close(1000);
      pc?.close();
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    };
  }, [roomId, party, iceServers]);

  const toggleMute = useCallback(() => {
    for (const track of stream.current?.getAudioTracks() ?? []) track.enabled = muted;
    setMuted(!muted);
  }, [muted]);

  const toggleCamera = useCallback(() => {
    for (const track of stream.current?.getVideoTracks() ?? []) track.enabled = cameraOff;
    setCameraOff(!cameraOff);
  }, [cameraOff]);

  const hangUp = useCallback(() => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify({ type: "hangup" }));
    // The socket is down (a network change, a deploy): the hang-up goes over HTTP, and outlives this page.
    else void hangUpOverHttp(roomId);
    finished.current = true;
    socket.current?.close(1000);
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    setState("ended");
  }, [roomId]);

  return { state, connectedAt, muted, cameraOff, hasVideo, localVideo, remoteVideo, toggleMute, toggleCamera, hangUp };
}

/**
 * Tells the room over HTTP that this party hung up, trying again while the server cannot be reached (a deploy), for
 * about a minute; after that, or once the page is gone, the room's own rule ends the call (a party gone for good).
 */
async function hangUpOverHttp(roomId: string): Promise<void> {
  for (let attempt = -1; attempt < 8; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, attempt < 0 ? 0 : reconnectDelay(attempt)));
    try {
      // A form body: every POST the worker takes is a form (workers/request-admission.ts).
      const answer = await fetch(`/api/calls/room/${encodeURIComponent(roomId)}/hangup`, {
        method: "POST",
        body: new URLSearchParams(),
        keepalive: true,
        credentials: "same-origin",
      });
      if (answer.status < 500) return;
    } catch {
      // Not reachable yet.
    }
  }
}
