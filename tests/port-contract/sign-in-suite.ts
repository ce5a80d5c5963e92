// The port's contract for signing in, out and resetting a password: what each answers, which sessions it ends, and a
// reset link used once. Part of describePortContract (suite.ts), so it runs on both adapters.
import { describe, expect, it } from "vitest";
import { SAMPLE_PASSWORD } from "../../seed/content";
import type { PortHelpers } from "./port-helpers";

export function describeSignInContract({ backend, signIn, newInterpreter }: PortHelpers) {
  const resetLink = async (email: string) => (await backend().auth.requestPasswordReset(email))!.token;
  const reset = (token: string, email: string, password: string) => backend().auth.resetPassword({ token, email, password });
  const canSignIn = async (email: string, password: string) => (await backend().auth.signIn({ email, password })).ok;

  describe("sign-in", () => {
    it("signs in the sample admin, and a request with the session's cookies is that admin", async () => {
      const result = await backend().auth.signIn({ email: "admin@example.com", password: SAMPLE_PASSWORD });
      expect(result).toMatchObject({
        ok: true,
        user: {
          id: expect.any(String),
          email: "admin@example.com",
          role: "admin",
          profile: { fullName: "Amira Haddad", department: "Operations", email: "admin@example.com" },
        },
      });
      const cookie = await signIn("admin@example.com");
      const user = await backend(cookie).auth.currentUser();
      expect(user).toMatchObject({ email: "admin@example.com", role: "admin", profile: { fullName: "Amira Haddad", department: "Operations" } });
    });

    it("matches the email regardless of case", async () => {
      expect(await backend().auth.signIn({ email: "ADMIN@EXAMPLE.COM", password: SAMPLE_PASSWORD })).toMatchObject({
        ok: true,
        user: { role: "admin", email: "admin@example.com" },
      });
    });

    it("refuses a wrong password, an unknown address and an account without a usable password alike", async () => {
      for (const credentials of [
        { email: "admin@example.com", password: "wrong-password" },
        { email: "admin@example.com", password: SAMPLE_PASSWORD.toUpperCase() },
        { email: "nobody@example.com", password: SAMPLE_PASSWORD },
        { email: "linh.tran@example.com", password: SAMPLE_PASSWORD },
        { email: "linh.tran@example.com", password: "disabled" }, // D1's marker of an account without a password is not one
      ]) {
        expect(await backend().auth.signIn(credentials), credentials.email).toEqual({ ok: false, reason: "invalid-credentials" });
      }
    });

    it("has no user without cookies, and none after signing out", async () => {
      expect(await backend().auth.currentUser()).toBeNull();
      const cookie = await signIn("interpreter@example.com");
      await backend(cookie).auth.signOut();
      expect(await backend(cookie).auth.currentUser()).toBeNull();
    });

    it("signing out ends only this browser's session: the account's other sessions survive", async () => {
      const phone = await signIn("admin@example.com");
      const laptop = await signIn("admin@example.com");
      await backend(phone).auth.signOut();
      expect(await backend(phone).auth.currentUser()).toBeNull();
      expect(await backend(laptop).auth.currentUser()).toMatchObject({ email: "admin@example.com" });
    });

    it("resets a password with a single-use link, ends every session of the account (no other's), and refuses a wrong address", async () => {
      const person = await newInterpreter();
      const earlier = await signIn(person.email, person.password);
      const laptop = await signIn(person.email, person.password);
      const admin = await signIn("admin@example.com");
      expect(await backend().auth.requestPasswordReset(`nobody-${person.email}`)).toBeNull();

      const mismatch = await backend().auth.requestPasswordReset(person.email);
      expect(await backend().auth.resetPassword({ token: mismatch!.token, email: "someone-else@example.com", password: "second-password-2" })).toEqual({
        ok: false,
        reason: "email-not-found",
      });
      expect(await backend().auth.resetPassword({ token: "not-a-token", email: person.email, password: "second-password-2" })).toEqual({
        ok: false,
        reason: "invalid-token",
      });

      const ticket = await backend().auth.requestPasswordReset(person.email);
      expect(ticket?.email.toLowerCase()).toBe(person.email);
      expect(await backend().auth.resetPassword({ token: ticket!.token, email: person.email.toUpperCase(), password: "second-password-2" })).toEqual({
        ok: true,
      });
      expect(await backend(earlier).auth.currentUser()).toBeNull();
      expect(await backend(laptop).auth.currentUser()).toBeNull();
      expect(await backend(admin).auth.currentUser()).toMatchObject({ email: "admin@example.com" });
      expect((await backend().auth.signIn({ email: person.email, password: person.password })).ok).toBe(false);
      expect((await backend().auth.signIn({ email: person.email, password: "second-password-2" })).ok).toBe(true);
      expect(await backend().auth.resetPassword({ token: ticket!.token, email: person.email, password: "third-password-3" })).toEqual({
        ok: false,
        reason: "invalid-token",
      });
    });

    it("finds the account to reset whatever the case of the email", async () => {
      expect(await backend().auth.requestPasswordReset("Admin@Example.com")).toMatchObject({ email: "admin@example.com" });
    });

    it("a link with another account's email: email-not-found and the password unchanged; the link then works with the account's", async () => {
      const person = await newInterpreter();
      const token = await resetLink(person.email);
      expect(await reset(token, "admin@example.com", "another-password-1")).toEqual({ ok: false, reason: "email-not-found" });
      expect(await canSignIn(person.email, person.password)).toBe(true);
      expect(await canSignIn(person.email, "another-password-1")).toBe(false);
      expect(await reset(token, person.email, "another-password-1")).toEqual({ ok: true });
    });

    it("a second request replaces the first link; the password is unchanged until one is used", async () => {
      const person = await newInterpreter();
      const first = await resetLink(person.email);
      expect(await resetLink(person.email)).not.toBe(first);
      expect(await reset(first, person.email, "replaced-link-1")).toEqual({ ok: false, reason: "invalid-token" });
      expect(await canSignIn(person.email, person.password)).toBe(true);
    });

    it("a reset to the password the account already has is answered, not thrown", async () => {
      const person = await newInterpreter();
      expect(await reset(await resetLink(person.email), person.email, person.password)).toEqual({ ok: true });
    });

    it("two concurrent resets with one link: exactly one succeeds, and its password is the one stored", async () => {
      const person = await newInterpreter();
      const token = await resetLink(person.email);
      const passwords = ["racer-one-pass-1", "racer-two-pass-2"];
      const results = await Promise.all(passwords.map((password) => reset(token, person.email, password)));
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "invalid-token" }]);
      expect(await canSignIn(person.email, passwords[results.findIndex((result) => result.ok)]!)).toBe(true);
      expect(await canSignIn(person.email, passwords[results.findIndex((result) => !result.ok)]!)).toBe(false);
    });
  });
}
