// The Profile page through the Supabase adapter (issue 10, item 9): the password change (the current password
// checked, the other sessions ended) and the dashboard language kept in the user's metadata — the exact requests
// each port call makes and the credentials they carry.
import { beforeAll, describe, expect, it } from "vitest";
import { devicesOf, LAPTOP, newPerson, PHONE, SIGNED_IN, sessionIdIn, signedInThen, signInOn } from "./accounts-helpers";
import { backendFor, double, step } from "./helpers";

beforeAll(() => double.reset());

describe("changePassword", () => {
  it("checks the current password on a fresh client, ends that check's session, sets the new password with the user's session, ends the others", async () => {
    const person = await newPerson("Old-Pass-1");
    const phone = await signInOn(PHONE, person.email, person.password);
    const laptop = await signInOn(LAPTOP, person.email, person.password);

    const wrong = await step(() => backendFor(laptop).auth.changePassword({ currentPassword: "Not-The-Pass-1", newPassword: "New-Pass-2" }));
    expect(wrong.result).toEqual({ ok: false, reason: "wrong-password" });
    expect(signedInThen(wrong.requests)).toEqual([SIGNED_IN, ["auth.token.password 400"]]);
    expect(wrong.requests[3]!.credentials).toBe("anon");
    expect(await backendFor(phone).auth.currentUser()).not.toBeNull();

    const right = await step(() => backendFor(laptop).auth.changePassword({ currentPassword: "Old-Pass-1", newPassword: "New-Pass-2" }));
    expect(right.result).toEqual({ ok: true });
    const [signedIn, then] = signedInThen(right.requests);
    expect(signedIn).toEqual(SIGNED_IN);
    expect(then).toEqual([
      "auth.token.password 200",
      "auth.logout.local 204",
      "auth.user.update-password 200",
      "auth.logout.others 204",
      "rest.session_devices.end-others 200",
    ]);
    expect(right.requests.slice(3).map((request) => request.credentials)).toEqual(["anon", "user", "user", "user", "service"]);

    // Only the laptop's session is left (the check's own ended at once), in Supabase Auth and in the device rows.
    expect((await double.table<{ userId: string }>("auth.sessions")).filter((session) => session.userId === person.id)).toHaveLength(1);
    expect((await devicesOf(person.id)).map((row) => row.session_id)).toEqual([sessionIdIn(laptop)]);
    expect(await backendFor(laptop).auth.currentUser()).toMatchObject({ email: person.email });
    expect(await backendFor(phone).auth.currentUser()).toBeNull();
    expect(await backendFor().auth.signIn({ email: person.email, password: "Old-Pass-1" })).toEqual({ ok: false, reason: "invalid-credentials" });
    expect((await backendFor().auth.signIn({ email: person.email, password: "New-Pass-2" })).ok).toBe(true);
  });

  it("a reset link asked for before the change no longer works after it (Supabase Auth uses up one-time tokens)", async () => {
    const person = await newPerson("Old-Pass-1");
    const laptop = await signInOn(LAPTOP, person.email, person.password);
    const { token } = (await backendFor().auth.requestPasswordReset(person.email))!;
    expect(await backendFor(laptop).auth.changePassword({ currentPassword: "Old-Pass-1", newPassword: "New-Pass-2" })).toEqual({ ok: true });
    expect(await backendFor().auth.resetPassword({ token, email: person.email, password: "Reset-Pass-3" })).toEqual({ ok: false, reason: "invalid-token" });
    expect((await backendFor().auth.signIn({ email: person.email, password: "New-Pass-2" })).ok).toBe(true);
  });
});

describe("setLocale (the Profile page's dashboard language)", () => {
  it("writes data.locale into the user's metadata with their own session; every later request reads it back", async () => {
    const person = await newPerson("Locale-Pass-1");
    const laptop = await signInOn(LAPTOP, person.email, person.password);
    expect(await backendFor(laptop).auth.currentUser()).toMatchObject({ email: person.email, locale: "en" });

    const { result, requests } = await step(() => backendFor(laptop).auth.setLocale("ar"));
    expect(result).toBe(true);
    const [signedIn, then] = signedInThen(requests);
    expect(signedIn).toEqual(SIGNED_IN);
    expect(then).toEqual(["auth.user.update-locale 200"]);
    expect(requests[3]!.credentials).toBe("user");
    expect((await double.table<{ email: string; metadata: object }>("auth.users")).find((user) => user.email === person.email)?.metadata).toEqual({
      locale: "ar",
    });
    // Another browser of the same account sees it too: it is the account's, not the session's.
    const phone = await signInOn(PHONE, person.email, person.password);
    expect(await backendFor(phone).auth.currentUser()).toMatchObject({ locale: "ar" });
    expect(await backendFor(laptop).auth.setLocale("en")).toBe(true);
    expect(await backendFor(phone).auth.currentUser()).toMatchObject({ locale: "en" });
  });

  it("without a session nothing is sent and the answer is false", async () => {
    const { result, requests } = await step(() => backendFor().auth.setLocale("ar"));
    expect(result).toBe(false);
    expect(requests.some((request) => request.shape === "auth.user.update-locale")).toBe(false);
  });
});
