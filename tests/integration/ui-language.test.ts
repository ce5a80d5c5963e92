// The dashboard language per person (issue 12, item 5), through the routes against a real D1: Profile's choice is
// kept on the account, applies to every later request of every session of that account, and words the dashboard's
// answers (toasts, field errors) and the sign-out in that language; a bad choice is a 400 that stores nothing.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ar, en, format } from "~/i18n";
import * as logout from "~/routes/auth/logout";
import * as dashboardLayout from "~/routes/dashboard/layout";
import * as profile from "~/routes/dashboard/profile";
import { backendFor, cookieOf, failure, redirected, seed, thrown } from "./helpers";
import { addressesIn, browser } from "./requests";

const PROFILE = "/Dashboard/Profile";
const { get, post } = browser({ addresses: addressesIn(79) });
const storedLocale = async (email: string) =>
  (await env.DB.prepare("SELECT locale FROM accounts WHERE email = ?").bind(email).first<{ locale: string }>())?.locale;

let counter = 0;
async function newPerson() {
  const email = `ui-language-${++counter}-${Date.now().toString(36)}@example.com`;
  const password = "first-Password-1";
  const created = await backendFor().interpreters.create({ fullName: `Person ${counter}`, gender: "Woman", email, phone: "+1 307 555 0190", password });
  if (!created.ok) throw new Error("could not create the person");
  return { email, password, cookie: await cookieOf(email, password) };
}

beforeAll(() => seed());

describe("Profile: the dashboard language", () => {
  it("starts in English; choosing Arabic keeps it on the account, for every session, with the toast in Arabic", async () => {
    const person = await newPerson();
    const otherBrowser = await cookieOf(person.email, person.password);
    expect(await dashboardLayout.loader(get(PROFILE, person.cookie))).toMatchObject({ uiLocale: "en" });

    const done = await redirected(await profile.action(post(PROFILE, { intent: "set-locale", locale: "ar" }, person.cookie)));
    expect(done.location).toBe("/Dashboard/Profile#ui-language");
    expect(done.toast).toMatchObject({ type: "success", message: ar.dashboard.uiLanguage.saved });
    expect(await storedLocale(person.email)).toBe("ar");
    expect(await dashboardLayout.loader(get("/Dashboard", person.cookie))).toMatchObject({ uiLocale: "ar" });
    expect(await dashboardLayout.loader(get("/Dashboard", otherBrowser))).toMatchObject({ uiLocale: "ar" });

    // The dashboard's answers are now Arabic: a field error of the password change…
    const short = failure(
      await profile.action(post(PROFILE, { intent: "change-password", currentPassword: person.password, newPassword: "short" }, person.cookie)),
    );
    expect(short.errors.newPassword).toBe(format(ar.validation.passwordTooShort, { min: 8 }));
    // …and signing out leads to the Arabic sign-in page, with its toast in Arabic.
    const signedOut = await redirected(await logout.action(post("/Logout", {}, otherBrowser)));
    expect(signedOut).toMatchObject({ location: "/ar/Login", toast: { type: "success", message: ar.auth.signedOut } });

    const back = await redirected(await profile.action(post(PROFILE, { intent: "set-locale", locale: "en" }, person.cookie)));
    expect(back.toast?.message).toBe(en.dashboard.uiLanguage.saved);
    expect(await storedLocale(person.email)).toBe("en");
  });

  it("refuses anything but English or Arabic with 400 and the field's message, storing nothing", async () => {
    const person = await newPerson();
    for (const locale of ["fr", "", "AR", "ar-EG"]) {
      const refused = failure(await profile.action(post(PROFILE, { intent: "set-locale", locale }, person.cookie)));
      expect(refused, locale).toMatchObject({ status: 400, intent: "set-locale", errors: { locale: en.dashboard.uiLanguage.invalid } });
    }
    expect(await storedLocale(person.email)).toBe("en");
  });

  it("without a session the choice goes to sign-in and nothing is stored", async () => {
    const response = (await thrown(() => profile.action(post(PROFILE, { intent: "set-locale", locale: "ar" })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/Login/);
  });
});
