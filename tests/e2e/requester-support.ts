// A customer organisation's requester (issue 27) in the data of the server this test's project runs against: in the d1
// project written into the server's own D1 (opened beside it, tests/fixtures/requesters.ts), in the supabase projects
// made by the Supabase double's people fixture (`requesterOf`). For tests of what a requester may and may not do apart
// from the invitation flow that makes them.
import { PORT, SUPABASE_DOUBLE_URL } from "../../playwright.config";
import { storageProxy } from "../../scripts/lib/storage-proxy";
import { insertRequester, REQUESTER_PASSWORD, type RequesterInput } from "../fixtures/requesters";
import type { Page } from "@playwright/test";
import { companyDay } from "./booking-support";
import { expect, mailbox, serverOf } from "./fixtures";
import { retried } from "./invoices-support";

/** Makes the requester (once per e-mail: a second call finds them made); answers how they sign in. */
export async function ensureRequester(input: RequesterInput): Promise<{ email: string; password: string }> {
  const email = input.email.toLowerCase();
  const password = input.password ?? REQUESTER_PASSWORD;
  if (serverOf() === "supabase") {
    const answer = await fetch(`${SUPABASE_DOUBLE_URL}/__double/people`, {
      method: "POST",
      body: JSON.stringify([
        { full_name: input.name ?? email.split("@")[0], email, password, requesterOf: { organisation: input.organisation, admin: input.admin ?? false } },
      ]),
    });
    // 400: the account is there already (a retry, or another test of this run made it).
    expect([201, 400], await answer.clone().text()).toContain(answer.status);
    return { email, password };
  }
  const proxy = await storageProxy(`.tmp/e2e-${PORT}`);
  try {
    const known = await retried(() => proxy.env.DB.prepare("SELECT 1 FROM accounts WHERE email = ?").bind(email).first());
    if (!known) await retried(() => insertRequester(proxy.env.DB, { ...input, email, password }));
    return { email, password };
  } finally {
    await proxy.dispose();
  }
}

/** The latest link to `page` (`/Invitation/`, `/Join/`) with a token e-mailed to this address, as the relay sent it. */
export async function mailedLink(email: string, page: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${page}[A-Za-z0-9_-]{43}`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const sent = (await mailbox()).filter((mail) => mail.mode === "ok" && mail.fields.to_email === email);
        link = pattern.exec(sent.at(-1)?.fields.message ?? "")?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The invitation link e-mailed to this address, as the relay sent it (the stored e-mail has none: 0040). */
export const invitationLink = (email: string) => mailedLink(email, "/Invitation/");

/** Completes /Book as a signed-in requester (their name, e-mail and organisation come filled in) and sends it. */
export async function sendRequesterBooking(page: Page) {
  await page.getByLabel("Language").selectOption({ label: "Spanish" });
  await page.getByRole("radio", { name: "By video" }).check();
  await page.getByLabel("Setting").selectOption({ label: "Medical" });
  await page.getByLabel("Date").fill(companyDay(12));
  await page.getByLabel("Start time").fill("11:00");
  await page.getByLabel("Your phone").fill("+1 307 555 0177");
  await page.getByLabel(/I agree that PUSH stores/).check();
  await page.getByRole("main").getByRole("button", { name: "Book an interpreter" }).click();
}
