// Helpers of the account tests (09-accounts-*.test.ts): two browsers to sign in from, the requests of a signed-in
// call as they compare them, the session_devices and auth.users rows they read, and fresh sign-in accounts.
import { backendFor, double, fromBase64Url, ORIGIN, SAMPLE_PASSWORD, sessionOf, signIn } from "./helpers";

export const LAPTOP = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36", "CF-Connecting-IP": "203.0.113.7" };
export const PHONE = { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148", "CF-Connecting-IP": "2001:db8::5" };

type Call = { shape: string | null; status: number };
type DeviceRow = { session_id: string; user_id: string; user_agent: string | null; address: string | null; created_at: string; last_seen_at: string };
type AuthRow = { id: string; email: string; lastSignInAt: string | null; bannedUntil: string | null };

/** Each request as "<shape> <status>". */
export const calls = (requests: Call[]) => requests.map(({ shape, status }) => `${shape} ${status}`);
/** currentUser()'s own requests: GET /user, then the users row and the session's device row side by side. */
export const SIGNED_IN = ["auth.user.get 200", "rest.session_devices.seen 200", "rest.users.me 200"];
export const signedInThen = (requests: Call[]) => [[...calls(requests.slice(0, 3))].sort(), calls(requests.slice(3))];

export const devicesOf = async (userId: string) => (await double.table<DeviceRow>("session_devices")).filter((row) => row.user_id === userId);
export const deviceRow = async (sessionId: string) => (await double.table<DeviceRow>("session_devices")).find((row) => row.session_id === sessionId);
export const authRow = async (email: string) => (await double.table<AuthRow>("auth.users")).find((user) => user.email === email);
export const sessionIdIn = (cookie: string) => (JSON.parse(fromBase64Url(sessionOf(cookie).access_token.split(".")[1]!)) as { session_id: string }).session_id;

let counter = 0;
/** A sign-in account with a users row (an interpreter) and this password. */
export async function newPerson(password = "First-Pass-1") {
  const email = `account-${++counter}@example.com`;
  const [row] = await double.people([{ full_name: `Account Person ${counter}`, email, password }]);
  return { id: row!.id, email, password };
}

/** Signs in from a browser with these headers; answers its Cookie header. */
export async function signInOn(headers: Record<string, string>, email: string, password = SAMPLE_PASSWORD) {
  return (await signIn(email, password, backendFor(undefined, `${ORIGIN}/Login`, headers))).cookie;
}
