// One Durable Object per email address (idFromName of the normalised address) keeps that address's sign-in
// failures, lock and reset e-mails. A Durable Object handles one request at a time, so failures arriving from
// twenty addresses at once are all counted — no read-modify-write race, whichever backend holds the accounts.
import { DurableObject } from "cloudflare:workers";
import { checkSignIn, emptyRecord, MAX_LOCK_MS, recordFailure, recordSuccess, takeResetMail, type SignInCheck, type ThrottleRecord } from "./account-throttle";

const KEY = "record";
/** A record nobody has touched for longer than the longest lock is forgotten. */
const FORGET_AFTER_MS = MAX_LOCK_MS + 60 * 60 * 1000;

export class AccountGuard extends DurableObject<Env> {
  async checkSignIn(device: string | null): Promise<SignInCheck> {
    return checkSignIn(await this.record(), Date.now(), device);
  }

  async signInFailed(device: string | null): Promise<void> {
    await this.save(recordFailure(await this.record(), Date.now(), device));
  }

  async signInSucceeded(): Promise<void> {
    await this.save(recordSuccess(await this.record(), Date.now()));
  }

  /** A password was reset through an e-mailed link: whoever did it reads that mailbox, so the lock ends. */
  async passwordReset(): Promise<void> {
    const { resetMails } = await this.record();
    await this.save({ ...emptyRecord(), resetMails });
  }

  /** True when one more reset e-mail may go to this address now (and counts it). */
  async takeResetMail(): Promise<boolean> {
    const { allowed, record } = takeResetMail(await this.record(), Date.now());
    await this.save(record);
    return allowed;
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  private async record(): Promise<ThrottleRecord> {
    return (await this.ctx.storage.get<ThrottleRecord>(KEY)) ?? emptyRecord();
  }

  private async save(record: ThrottleRecord): Promise<void> {
    await this.ctx.storage.put(KEY, record);
    await this.ctx.storage.setAlarm(Date.now() + FORGET_AFTER_MS);
  }
}
