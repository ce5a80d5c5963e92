// The interpreter's connection to the call switchboard (workers/calls.ts → app/features/calls/switchboard-object.server.ts): presence,
// the calls ringing on them, and accepting one. Reconnects after a lost connection, and sends the heartbeat the
// switchboard's alarm reads (docs/decisions/0021).
import { useCallback, useEffect, useRef, useState } from "react";
import { ACCESS_ENDED_CLOSE_CODE, type InterpreterMessage, type RingingCall } from "~/domain/switchboard";
import { callSocket, keepAlive, reconnectDelay } from "./socket";

export type LineState = "connecting" | "online" | "offline";

export type Switchboard = {
  line: LineState;
  /** Null until the switchboard has said. */
  available: boolean | null;
  ringing: RingingCall[];
  /** The call another interpreter took just before this one's accept, if any. */
  taken: string | null;
  setAvailable(available: boolean): void;
  accept(callId: string): void;
};

export function useSwitchboard(): Switchboard {
  const [line, setLine] = useState<LineState>("connecting");
  const [available, setAvailableState] = useState<boolean | null>(null);
  const [ringing, setRinging] = useState<RingingCall[]>([]);
  const [taken, setTaken] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);
  /** The call this tab asked to accept. */
  const acceptedHere = useRef<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let attempt = 0;
    let stopHeartbeat = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      const ws = callSocket("/api/calls/interpreter");
      socket.current = ws;
      setLine("connecting");
      ws.onopen = () => {
        attempt = 0;
        setLine("online");
        stopHeartbeat = keepAlive(ws);
      };
      ws.onmessage = (event) => {
        if (event.data === "pong") return;
        const message = JSON.parse(String(event.data)) as InterpreterMessage & { url?: string };
        if (message.type === "presence") setAvailableState(message.available);
        else if (message.type === "ringing") setRinging(message.calls);
        else if (message.type === "taken") setTaken(message.callId);
        // Only the tab whose Accept won goes to the room (a full navigation: the room page's loader checks who comes);
        // the person's other tabs stay where they are (issue 21: a second tab no longer takes the call over).
        else if (message.type === "accepted" && message.url && message.callId === acceptedHere.current) window.location.assign(message.url);
      };
      ws.onclose = (event) => {
        stopHeartbeat();
        setRinging([]);
        if (stopped) return;
        // Locked out, removed or signed out: this page's own load decides where they belong now (the sign-in page).
        if (event.code === ACCESS_ENDED_CLOSE_CODE) return window.location.reload();
        setLine("offline");
        retry = setTimeout(open, reconnectDelay(attempt++));
      };
    };
    open();
    return () => {
      stopped = true;
      stopHeartbeat();
      clearTimeout(retry);
      socket.current?.close(1000);
    };
  }, []);

  const send = useCallback((message: Record<string, unknown>) => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(message));
  }, []);

  return {
    line,
    available,
    ringing,
    taken,
    setAvailable: (next) => send({ type: "availability", available: next }),
    accept: (callId) => {
      setTaken(null);
      acceptedHere.current = callId;
      send({ type: "accept", callId });
    },
  };
}
