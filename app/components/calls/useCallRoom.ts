// One side of a call room (issue 14): this browser's camera and microphone, a peer connection to the other party,
// and the room's socket carrying the offer, the answer and ICE candidates between them (workers/call-room.ts).
// The interpreter makes the offers; the caller answers. When the connection drops (a network change), the
// interpreter restarts ICE on the same call; a party whose page reloads joins again with a fresh offer.
import { useCallback, useEffect, useRef, useState } from "react";
import type { RoomParty } from "~/domain/switchboard";
import { callSocket, keepAlive } from "./socket";

export type RoomState = "starting" | "waiting" | "connecting" | "connected" | "reconnecting" | "ended" | "no-media";

type Signal =
  | { type: "joined"; peerPresent: boolean }
  | { type: "peer-joined" | "peer-left" | "ended" }
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
  toggleMute(): void;
  toggleCamera(): void;
  hangUp(): void;
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

export function useCallRoom({ roomId, roomKey, party, iceServers }: { roomId: string; roomKey: string; party: RoomParty; iceServers: RTCIceServer[] }): CallRoom {
  const [state, setState] = useState<RoomState>("starting");
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [hasVideo, setHasVideo] = useState(false);
  const localVideo = useRef<HTMLVideoElement | null>(null);
  const remoteVideo = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const finished = useRef(false);

  useEffect(() => {
    let pc: RTCPeerConnection | null = null;
    let stopHeartbeat = () => {};
    let restartTimer: ReturnType<typeof setTimeout> | undefined;
    const pendingCandidates: RTCIceCandidateInit[] = [];
    const send = (message: Record<string, unknown>) => socket.current?.readyState === WebSocket.OPEN && socket.current.send(JSON.stringify(message));
    const offerer = party === "interpreter";

    const offer = async (iceRestart: boolean) => {
      if (!pc) return;
      await pc.setLocalDescription(await pc.createOffer({ iceRestart }));
      send({ type: "offer", sdp: pc.localDescription!.sdp });
    };

    const end = () => {
      finished.current = true;
      stopHeartbeat();
      clearTimeout(restartTimer);
      pc?.close();
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      setState("ended");
    };

    (async () => {
      const media = await localMedia();
      if (!media) return setState("no-media");
      stream.current = media;
      setHasVideo(media.getVideoTracks().length > 0);
      if (localVideo.current) localVideo.current.srcObject = media;

      pc = new RTCPeerConnection({ iceServers });
      for (const track of media.getTracks()) pc.addTrack(track, media);
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

      const ws = callSocket(`/api/calls/room/${encodeURIComponent(roomId)}`, { key: roomKey });
      socket.current = ws;
      ws.onopen = () => {
        stopHeartbeat = keepAlive(ws);
      };
      ws.onclose = () => {
        stopHeartbeat();
        if (!finished.current) setState((current) => (current === "connected" ? current : "reconnecting"));
      };
      ws.onmessage = async (event) => {
        if (event.data === "pong" || !pc) return;
        const signal = JSON.parse(String(event.data)) as Signal;
        if (signal.type === "joined") {
          setState(signal.peerPresent ? "connecting" : "waiting");
          if (signal.peerPresent && offerer) await offer(false);
        } else if (signal.type === "peer-joined") {
          setState((current) => (current === "connected" ? current : "connecting"));
          // The other side (re)joined: they need an offer, a fresh one if they had one before.
          if (offerer) await offer(pc.remoteDescription !== null);
        } else if (signal.type === "peer-left") {
          setState("reconnecting");
        } else if (signal.type === "ended") {
          end();
        } else if (signal.type === "offer") {
          await pc.setRemoteDescription({ type: "offer", sdp: signal.sdp });
          await pc.setLocalDescription(await pc.createAnswer());
          send({ type: "answer", sdp: pc.localDescription!.sdp });
          for (const candidate of pendingCandidates.splice(0)) await pc.addIceCandidate(candidate).catch(() => {});
        } else if (signal.type === "answer") {
          await pc.setRemoteDescription({ type: "answer", sdp: signal.sdp });
          for (const candidate of pendingCandidates.splice(0)) await pc.addIceCandidate(candidate).catch(() => {});
        } else if (signal.type === "candidate") {
          // Candidates may arrive before the description they belong to.
          if (pc.remoteDescription) await pc.addIceCandidate(signal.candidate).catch(() => {});
          else pendingCandidates.push(signal.candidate);
        }
      };
    })();

    return () => {
      finished.current = true;
      stopHeartbeat();
      clearTimeout(restartTimer);
      socket.current?.close(1000);
      pc?.close();
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    };
  }, [roomId, roomKey, party, iceServers]);

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
    finished.current = true;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    setState("ended");
  }, []);

  return { state, connectedAt, muted, cameraOff, hasVideo, localVideo, remoteVideo, toggleMute, toggleCamera, hangUp };
}
