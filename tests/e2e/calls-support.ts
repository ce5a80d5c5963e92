// What the live-call tests share: Chromium with fake camera and microphone, contexts whose WebRTC stays on loopback,
// and the incoming-call screen's Available switch.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { BROWSER_ARGS, executablePath } from "../../playwright.config";
import { expect } from "./fixtures";

const MEDIA_FLAGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--allow-loopback-in-peer-connection"];
export const MEDIA_BROWSER = { launchOptions: { executablePath, args: [...BROWSER_ARGS, ...MEDIA_FLAGS] } };

/** Available, whatever they chose last time (the switchboard keeps the choice). */
export async function becomeAvailable(page: Page): Promise<void> {
  const toggle = page.getByRole("button", { name: /^(Become available|Step away)$/ });
  await expect(toggle).toBeEnabled();
  if ((await toggle.textContent()) === "Become available") await toggle.click();
  await expect(page.getByText("Available: calls in your languages ring here.")).toBeVisible();
}

/** Test-only: keeps every candidate on loopback, and lists the page's peer connections for getStats. */
function loopbackOnly() {
  const Original = window.RTCPeerConnection;
  const onLoopback = (candidate: string) => / (127\.0\.0\.1|::1) /.test(candidate);
  const connections: RTCPeerConnection[] = [];
  (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = connections;
  class LoopbackPeerConnection extends Original {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      connections.push(this);
    }
    override addIceCandidate(candidate?: RTCIceCandidateInit | null): Promise<void> {
      if (candidate?.candidate && !onLoopback(candidate.candidate)) return Promise.resolve();
      return super.addIceCandidate(candidate ?? undefined);
    }
    override setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
      const sdp = description.sdp
        ?.split("\r\n")
        .filter((line) => !line.startsWith("a=candidate:") || onLoopback(line))
        .join("\r\n");
      return super.setRemoteDescription({ type: description.type, sdp });
    }
  }
  window.RTCPeerConnection = LoopbackPeerConnection;
}

export async function mediaContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(["camera", "microphone"]);
  await context.addInitScript(loopbackOnly);
  return context;
}

export async function bytesReceived(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    for (const connection of (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections) {
      (await connection.getStats()).forEach((report: RTCStats & { bytesReceived?: number }) => {
        if (report.type === "inbound-rtp") total += report.bytesReceived ?? 0;
      });
    }
    return total;
  });
}
