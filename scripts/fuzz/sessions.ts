// Real sessions of the sample accounts (seed/content.ts), obtained the way a browser gets them: POST /Login.
// Maintenance requests (these sign-ins, the checks before and after) come from 198.18.0.0/15, a range the
// campaign's own requests never use, one address each, so they never meet a rate limit left by the fuzzing.
import { SAMPLE_PASSWORD } from "../../seed/content";
import { DEVICE_COOKIE, SESSION_COOKIE, signCookieValue } from "./cookies";
import { send, type Answer } from "./http";
import { valueBytes, type FileValue } from "./values";

export const ADMIN_EMAIL = "admin@example.com";
export const INTERPRETER_EMAIL = "interpreter@example.com";
/** The campaign's requester of a customer organisation (issue 27), made in the server's data before it starts. */
export const REQUESTER = { organisation: "Fuzz Clinic", email: "fuzz.requester@example.com", name: "Fuzz Requester", admin: true };

let maintenanceAddresses = 0;
export function maintenanceIp(): string {
  maintenanceAddresses++;
  return `198.${18 + ((maintenanceAddresses >> 16) & 1)}.${(maintenanceAddresses >> 8) & 255}.${maintenanceAddresses & 255}`;
}

export async function postForm(port: number, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  return send(port, {
    method: "POST",
    target: path,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://127.0.0.1:${port}`,
      "CF-Connecting-IP": maintenanceIp(),
      ...headers,
    },
    body: Buffer.from(new URLSearchParams(fields).toString()),
  });
}

/** A multipart form post as a browser sends it: the text fields (a list for a repeated one), then the file parts. */
export async function postMultipart(
  port: number,
  path: string,
  fields: Record<string, string | string[]>,
  files: { name: string; file: FileValue }[],
  headers: Record<string, string> = {},
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const each of [value].flat()) form.append(name, each);
  for (const { name, file } of files) {
    form.append(name, new Blob([new Uint8Array(valueBytes(file.bytes))], { type: file.contentType }), valueBytes(file.filename).toString("utf8"));
  }
  const encoded = new Request(`http://127.0.0.1:${port}`, { method: "POST", body: form });
  return send(port, {
    method: "POST",
    target: path,
    headers: { "Content-Type": encoded.headers.get("Content-Type")!, Origin: `http://127.0.0.1:${port}`, "CF-Connecting-IP": maintenanceIp(), ...headers },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

// The trusted-device cookie each account's first sign-in got (app/features/accounts/account-guard.server.ts): the fuzzing
// sends wrong passwords for the sample addresses, which locks them (5 failures in 15 minutes); a browser
// that signed in before stays exempt, as the staff's own browsers would. Never sent with fuzzed requests.
const devices = new Map<string, string>();

/** The Cookie header of a new session of `email`, or an error saying what the server answered. */
export async function signIn(port: number, email: string, password = SAMPLE_PASSWORD): Promise<string> {
  const device = devices.get(email);
  const answer = await postForm(port, "/Login", { email, password }, device ? { Cookie: device } : {});
  const setCookie = [answer.headers["set-cookie"] ?? []].flat().map((cookie) => cookie.split(";")[0]!);
  const newDevice = setCookie.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`) && cookie.length > DEVICE_COOKIE.length + 1);
  if (newDevice) devices.set(email, newDevice);
  const session = setCookie.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`) && cookie.length > SESSION_COOKIE.length + 1);
  if (answer.status !== 302 || !session) {
    throw new Error(`Signing in as ${email} failed: ${answer.error ?? answer.status} ${answer.body.toString("utf8").slice(0, 200)}`);
  }
  return session;
}

/** A validly signed cookie whose session has been ended by signing out. */
export async function revokedCookie(port: number, email: string): Promise<string> {
  const cookie = await signIn(port, email);
  const answer = await postForm(port, "/Logout", {}, { Cookie: cookie });
  if (answer.status !== 302) throw new Error(`Signing out failed: ${answer.status}`);
  return cookie;
}

/** The Cookie header for a session token (see db.ts insertExpiredSession). */
export function cookieFor(token: string): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(signCookieValue(token))}`;
}

/** Is this Cookie header still a live session? (The profile's data request answers 200 only then.) */
export async function sessionAlive(port: number, cookie: string): Promise<boolean> {
  const answer = await send(port, { method: "GET", target: "/Dashboard/Profile.data", headers: { Cookie: cookie, "CF-Connecting-IP": maintenanceIp() } });
  return answer.status === 200;
}
