// A browser of its own and the link an e-mail brought, for the flows that continue from a mailbox (issue 27: an
// invitation, a status link's claim of an account).
import type { Browser, Page } from "@playwright/test";
import { expect, mailbox } from "./fixtures";

/** A browser of its own, from its own client address in 10.<block>.x.y (random: parallel tests and retries never share one). */
export async function visitor(browser: Browser, javaScriptEnabled: boolean, block: number): Promise<Page> {
  const octet = () => Math.floor(Math.random() * 256);
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": `10.${block}.${octet()}.${octet()}` } });
  return context.newPage();
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
