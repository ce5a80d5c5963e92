// Per-account sign-in throttling and reset-mail limits: the rules over time, then the real sign-in and reset
// actions with the AccountGuard Durable Object, from many client addresses.
import { env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  checkSignIn,
  emptyRecord,
  FIRST_LOCK_MS,
  MAX_LOCK_MS,
  recordFailure,
  recordSuccess,
  takeResetMail,
  type ThrottleRecord,
} from "~/features/accounts/account-throttle";
import { appContext } from "~/request/context.server";
import * as forgotPassword from "~/routes/auth/forgot-password";
import * as login from "~/routes/auth/login";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { asResponse, count, seed, statusOf, unwrap } from "./helpers";
import { browser } from "./requests";

const MINUTE = 60_000;
const failTimes = (record: ThrottleRecord, times: number, at: number, device: string | null = null) => {
  let next = record;
  for (let n = 0; n < times; n++) next = recordFailure(next, at + n, device);
  return next;
};

describe("the rules", () => {
  const t0 = 1_700_000_000_000;

  it("5 failures within 15 minutes lock the account for 15 minutes; 4 do not; older failures fall out", () => {
    expect(checkSignIn(failTimes(emptyRecord(), 4, t0), t0 + 10, null)).toEqual({ allowed: true });
    const locked = failTimes(emptyRecord(), 5, t0);
    expect(checkSignIn(locked, t0 + 10, null)).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    expect(checkSignIn(locked, t0 + 4 + FIRST_LOCK_MS, null)).toEqual({ allowed: true });
    const spread = [0, 4, 8, 12, 16].reduce((record, minute) => recordFailure(record, t0 + minute * MINUTE, null), emptyRecord());
    expect(checkSignIn(spread, t0 + 16 * MINUTE + 1, null).allowed).toBe(true);
  });

  it("each further lock doubles, capped at 24 hours; a successful sign-in starts the doubling over", () => {
    let record = emptyRecord();
    let now = t0;
    const lengths: number[] = [];
    for (let lock = 0; lock < 9; lock++) {
      record = failTimes(record, 5, now);
      lengths.push(record.lockedUntil - (now + 4));
      now = record.lockedUntil + 1;
    }
    expect(lengths.slice(0, 4)).toEqual([FIRST_LOCK_MS, 2 * FIRST_LOCK_MS, 4 * FIRST_LOCK_MS, 8 * FIRST_LOCK_MS]);
    expect(Math.max(...lengths)).toBe(MAX_LOCK_MS);
    record = recordSuccess(record, now);
    expect(failTimes(record, 5, now).lockedUntil - (now + 4)).toBe(FIRST_LOCK_MS);
  });

  it("a trusted device is not refused by the lock, unless it failed 5 times itself", () => {
    const locked = failTimes(emptyRecord(), 5, t0);
    expect(checkSignIn(locked, t0 + 10, "device-1")).toEqual({ allowed: true });
    const deviceFailed = failTimes(locked, 5, t0 + 10, "device-1");
    expect(checkSignIn(deviceFailed, t0 + 20, "device-1").allowed).toBe(false);
    expect(checkSignIn(deviceFailed, t0 + 20, "device-2").allowed).toBe(true);
  });

  it("at most 3 reset e-mails per address an hour", () => {
    let record = emptyRecord();
    const answers: boolean[] = [];
    for (const minute of [0, 1, 2, 3, 59, 61]) {
      const taken = takeResetMail(record, t0 + minute * MINUTE);
      answers.push(taken.allowed);
      record = taken.record;
    }
    expect(answers).toEqual([true, true, true, false, false, true]);
  });
});

beforeAll(seed);

describe("sign-in with the real guard", () => {
  let ipCounter = 0;
  // Each sign-in from another address: the account's guard counts them all, whatever the address.
  const signIn = browser({ addresses: () => `198.51.100.${++ipCounter}` });
  const post = (fields: Record<string, string>, { cookie }: { cookie?: string } = {}) => signIn.post("/Login", fields, cookie);
  const sessions = () => count("SELECT COUNT(*) AS n FROM sessions");

  it("6 wrong passwords from 20 addresses: the 6th and later are refused, then the right password too", async () => {
    const email = "interpreter@example.com";
    const statuses: (number | undefined)[] = [];
    for (let attempt = 1; attempt <= 20; attempt++) {
      statuses.push(statusOf(await login.action(post({ email, password: `wrong-${attempt}` }))));
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));

    const before = await sessions();
    const refused = await login.action(post({ email, password: SAMPLE_PASSWORD }));
    expect(statusOf(refused)).toBe(429);
    const { data, headers } = unwrap(refused);
    expect(data.formError).toBe("Too many failed sign-ins for this account. Please try again later, or reset your password.");
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(await sessions()).toBe(before);
  }, 30_000);

  it("an address without an account gets the same answer", async () => {
    const statuses: (number | undefined)[] = [];
    let last: Awaited<ReturnType<typeof login.action>> | undefined;
    for (let attempt = 1; attempt <= 6; attempt++) {
      last = await login.action(post({ email: "nobody-here@example.com", password: `wrong-${attempt}` }));
      statuses.push(statusOf(last));
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(unwrap(last as Exclude<typeof last, Response | undefined>).data.formError).toBe(
      "Too many failed sign-ins for this account. Please try again later, or reset your password.",
    );
  });

  it("a browser that signed in before still gets in while the account is locked for everyone else", async () => {
    const email = "admin@example.com";
    const first = asResponse(await login.action(post({ email, password: SAMPLE_PASSWORD })));
    const device = first.headers.getSetCookie().find((cookie) => cookie.startsWith("push-device="));
    expect(device, "the device cookie").toMatch(/HttpOnly/i);
    const deviceCookie = device!.split(";")[0]!;

    for (let attempt = 1; attempt <= 5; attempt++) await login.action(post({ email, password: `wrong-${attempt}` }));
    expect(statusOf(await login.action(post({ email, password: SAMPLE_PASSWORD })))).toBe(429);
    // A forged device cookie is no cookie at all.
    expect(statusOf(await login.action(post({ email, password: SAMPLE_PASSWORD }, { cookie: "push-device=eyJpZCI6IngifQ%3D%3D.forged" })))).toBe(429);
    const trusted = asResponse(await login.action(post({ email, password: SAMPLE_PASSWORD }, { cookie: deviceCookie })));
    expect(trusted.status).toBe(302);
    expect(trusted.headers.get("Location")).toBe("/Dashboard");
  }, 30_000);
});

describe("reset e-mails", () => {
  it("at most 3 per address an hour, from any number of client addresses; the 4th sends nothing and keeps the last link", async () => {
    const email = "omar.farah@example.com";
    const mails = async () =>
      (await (await fetch(`${env.EMAILJS_API_URL}/__requests?service=service_test`)).json<{ fields: Record<string, string> }[]>()).filter(
        (mail) => mail.fields.to_email === email,
      );
    const sentBefore = (await mails()).length;
    for (let request = 1; request <= 5; request++) {
      const args = browser().post("/Forgetpassword", { email }, undefined, { ip: `203.0.113.${request}` });
      const answer = asResponse(await forgotPassword.action(args));
      // The same answer every time.
      expect(answer.status).toBe(302);
      await waitOnExecutionContext(appContext(args.context).cloudflare.ctx);
      if (request === 3) expect((await mails()).length - sentBefore).toBe(3);
    }
    expect((await mails()).length - sentBefore).toBe(3);
    expect(await count("SELECT COUNT(*) AS n FROM password_reset_tokens t JOIN accounts a ON a.id = t.account_id WHERE a.email = ?", email)).toBe(1);
  }, 30_000);
});
