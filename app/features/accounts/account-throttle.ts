// Per-account sign-in throttling and reset-mail limits, as pure rules over one account's record (the
// AccountGuard Durable Object keeps one record per email address and applies these one request at a time).
//
// - Failed passwords are counted per email across all client addresses: 5 within 15 minutes lock the email's
//   sign-in for 15 minutes, doubling with each further lock (capped at 24 hours) until a sign-in succeeds.
// - A browser that has signed in to the account before (a trusted device, OWASP's device-cookie pattern) is not
//   refused by the lock — so knowing a staff address is not enough to keep that person out — unless that device
//   itself failed 5 times within the window.
// - At most 3 reset e-mails per email address per hour.

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES = 5;
export const FIRST_LOCK_MS = 15 * 60 * 1000;
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000;
export const RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export type ThrottleRecord = {
  failures: number[];
  lockedUntil: number;
  /** Locks since the last successful sign-in: the next lock lasts FIRST_LOCK_MS × 2^locks. */
  locks: number;
  deviceFailures: Record<string, number[]>;
  resetMails: number[];
};

export const emptyRecord = (): ThrottleRecord => ({ failures: [], lockedUntil: 0, locks: 0, deviceFailures: {}, resetMails: [] });

export type SignInCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const recent = (times: number[], now: number, window: number) => times.filter((time) => time > now - window);

function deviceTrusted(record: ThrottleRecord, device: string | null, now: number): boolean {
  return device !== null && recent(record.deviceFailures[device] ?? [], now, FAILURE_WINDOW_MS).length < MAX_FAILURES;
}

/** May this attempt go on to the password check? `device`: the trusted-device id, when the browser has one. */
export function checkSignIn(record: ThrottleRecord, now: number, device: string | null): SignInCheck {
  if (record.lockedUntil <= now || deviceTrusted(record, device, now)) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.ceil((record.lockedUntil - now) / 1000) };
}

export function recordFailure(record: ThrottleRecord, now: number, device: string | null): ThrottleRecord {
  const next: ThrottleRecord = { ...record, failures: [...recent(record.failures, now, FAILURE_WINDOW_MS), now] };
  if (device !== null) {
    next.deviceFailures = {
      ...pruneDevices(record.deviceFailures, now),
      [device]: [...recent(record.deviceFailures[device] ?? [], now, FAILURE_WINDOW_MS), now],
    };
  }
  if (next.failures.length >= MAX_FAILURES && record.lockedUntil <= now) {
    next.lockedUntil = now + Math.min(FIRST_LOCK_MS * 2 ** record.locks, MAX_LOCK_MS);
    next.locks = record.locks + 1;
    next.failures = [];
  }
  return next;
}

/** A sign-in succeeded: the count and the doubling start over. A running lock stays for other browsers. */
export function recordSuccess(record: ThrottleRecord, now: number): ThrottleRecord {
  return { ...record, failures: [], locks: 0, deviceFailures: pruneDevices(record.deviceFailures, now) };
}

/** Whether one more reset e-mail may go to this address now, and the record that counts it. */
export function takeResetMail(record: ThrottleRecord, now: number): { allowed: boolean; record: ThrottleRecord } {
  const sent = recent(record.resetMails, now, HOUR_MS);
  if (sent.length >= RESET_MAILS_PER_HOUR) return { allowed: false, record: { ...record, resetMails: sent } };
  return { allowed: true, record: { ...record, resetMails: [...sent, now] } };
}

function pruneDevices(devices: Record<string, number[]>, now: number): Record<string, number[]> {
  return Object.fromEntries(
    Object.entries(devices)
      .map(([device, times]) => [device, recent(times, now, FAILURE_WINDOW_MS)] as const)
      .filter(([, times]) => times.length > 0),
  );
}
