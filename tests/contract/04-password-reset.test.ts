// SPEC §7 "Password reset by email: payload email" (the admin generate_link, the worker mails the link) and
// "Update auth user: payload email, password (reset page)" (verifyOtp with the token hash, then the password).
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, backendFor, double, INTERPRETER, SAMPLE_PASSWORD, signIn, step } from "./helpers";

const canSignIn = async (email: string, password: string) => (await backendFor().auth.signIn({ email, password })).ok;
const calls = (requests: { shape: string | null; status: number }[]) => requests.map(({ shape, status }) => `${shape} ${status}`);

beforeAll(() => double.reset());

describe("requestPasswordReset", () => {
  it("gives the account's email and a token for the link, with the service role; Supabase sends no mail", async () => {
    const { result, requests } = await step(() => backendFor().auth.requestPasswordReset(ADMIN));
    expect(result).toEqual({ email: ADMIN, token: expect.stringMatching(/^[\w-]+$/) });
    // The link's token carries Supabase's hash and the account's address (checked before the hash is used up).
    expect(JSON.parse(atob(result!.token.replaceAll("-", "+").replaceAll("_", "/")))).toEqual({ h: expect.stringMatching(/^[0-9a-f]{56}$/), e: ADMIN });
    expect(calls(requests)).toEqual(["auth.admin.generate-link 200"]);
    expect(requests[0]!.credentials).toBe("service");
    const [account] = (await double.table<{ email: string; recoveryPending: boolean }>("auth.users")).filter((user) => user.email === ADMIN);
    expect(account!.recoveryPending).toBe(true);
  });

  it("is null for an unknown email (Supabase's 404 user_not_found), so the route answers the same either way", async () => {
    const { result, requests } = await step(() => backendFor().auth.requestPasswordReset("nobody@example.com"));
    expect(result).toBeNull();
    expect(calls(requests)).toEqual(["auth.admin.generate-link 404"]);
  });
});

// These change the interpreter's password, in order.
describe("resetPassword", () => {
  it("with a valid token but another account's email: email-not-found, the password unchanged, the link not used up", async () => {
    const { token } = (await backendFor().auth.requestPasswordReset(INTERPRETER))!;
    const { result, requests } = await step(() => backendFor().auth.resetPassword({ token, email: ADMIN, password: "Another-Pass-1" }));
    expect(result).toEqual({ ok: false, reason: "email-not-found" });
    expect(calls(requests)).toEqual([]);
    expect(await canSignIn(INTERPRETER, SAMPLE_PASSWORD)).toBe(true);
    expect(await canSignIn(INTERPRETER, "Another-Pass-1")).toBe(false);
  });

  it("with an unknown token: invalid-token", async () => {
    // Well formed, but a hash Supabase never issued: Supabase refuses it.
    const forged = btoa(JSON.stringify({ h: "0".repeat(56), e: INTERPRETER }))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    const { result, requests } = await step(() => backendFor().auth.resetPassword({ token: forged, email: INTERPRETER, password: "Another-Pass-1" }));
    expect(result).toEqual({ ok: false, reason: "invalid-token" });
    expect(calls(requests)).toEqual(["auth.verify.recovery 403"]);
    // Not a token at all: refused without asking Supabase.
    const garbage = await step(() => backendFor().auth.resetPassword({ token: "0".repeat(56), email: INTERPRETER, password: "Another-Pass-1" }));
    expect(garbage.result).toEqual({ ok: false, reason: "invalid-token" });
    expect(calls(garbage.requests)).toEqual([]);
  });

  it("with an expired token: invalid-token", async () => {
    const { token } = (await backendFor().auth.requestPasswordReset(INTERPRETER))!;
    await double.clock(3601);
    try {
      const { result } = await step(() => backendFor().auth.resetPassword({ token, email: INTERPRETER, password: "Another-Pass-1" }));
      expect(result).toEqual({ ok: false, reason: "invalid-token" });
    } finally {
      await double.clock(-3601);
    }
    expect(await canSignIn(INTERPRETER, SAMPLE_PASSWORD)).toBe(true);
  });

  it("sets the new password, ends every session of the account, and the token works only once", async () => {
    const phone = await signIn(INTERPRETER);
    const laptop = await signIn(INTERPRETER);
    const admin = await signIn(ADMIN);
    const { token } = (await backendFor().auth.requestPasswordReset(INTERPRETER))!;

    const newPassword = "Brand-New-Pass-42";
    const { result, requests } = await step(() => backendFor().auth.resetPassword({ token, email: "Interpreter@Example.com", password: newPassword }));
    expect(result).toEqual({ ok: true });
    // The token hash for a recovery session (anon key), the password with that session's token, then every session
    // ends, and their device rows (the service role).
    expect(calls(requests)).toEqual([
      "auth.verify.recovery 200",
      "auth.user.update-password 200",
      "auth.logout.global 204",
      "rest.session_devices.end-all 204",
    ]);
    expect(requests.map((request) => request.credentials)).toEqual(["anon", "user", "user", "service"]);
    // "Your sessions" lists none of the ended sessions; the admin's device stays.
    const devices = await double.table<{ user_id: string }>("session_devices");
    expect(devices.filter((device) => device.user_id === phone.user.id)).toEqual([]);
    expect(devices.filter((device) => device.user_id === admin.user.id).length).toBeGreaterThan(0);

    expect(await canSignIn(INTERPRETER, newPassword)).toBe(true);
    expect(await canSignIn(INTERPRETER, SAMPLE_PASSWORD)).toBe(false);
    expect(await backendFor(phone.cookie).auth.currentUser()).toBeNull();
    expect(await backendFor(laptop.cookie).auth.currentUser()).toBeNull();
    expect(await backendFor(admin.cookie).auth.currentUser()).toMatchObject({ email: ADMIN });

    const again = await step(() => backendFor().auth.resetPassword({ token, email: INTERPRETER, password: "Second-Use-Pass-1" }));
    expect(again.result).toEqual({ ok: false, reason: "invalid-token" });
    expect(await canSignIn(INTERPRETER, newPassword)).toBe(true);
  });
});
