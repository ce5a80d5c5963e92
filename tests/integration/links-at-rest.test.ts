// Capability links stay secret at rest (issue 22, item 3): after a quote request, a reset request and a call link, no
// table of the database and no admin page's data holds a working status, reset or call link. The mail that carries
// the status link gets it filled in as it is relayed, from the order's sealed copy.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { relayDueMails } from "~/features/orders/order-mail-relay.server";
import { STATUS_TOKEN_SLOT } from "~/features/orders/order-mail.server";
import * as forgotPassword from "~/routes/auth/forgot-password";
import * as calls from "~/routes/dashboard/incoming-calls";
import * as orderPage from "~/routes/dashboard/order";
import * as users from "~/routes/dashboard/users";
import { envWith, recorded } from "./contact-helpers";
import { backendFor, cookieOf, languageId, postQuoteRequest, sameSite, seed, unwrap } from "./helpers";
import { ORIGIN, settled } from "./requests";

/** Every row of every table, as text: where a leaked database or backup would show a link. */
async function everythingStored(): Promise<string> {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{
    name: string;
  }>();
  const dumps = await Promise.all(tables.results.map(async ({ name }) => JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results)));
  return dumps.join("\n");
}

const { env: mailEnv, config, service } = envWith({ EMAILJS_ORDER_TEMPLATE_ID: "template_order" });
let admin = "";
beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
});

describe("no working link at rest, nor in an admin page's data", () => {
  it("a quote request: the outbox holds the link's slot; the relayed e-mail has the link; the ack quotes no free text", async () => {
    const { token, id } = await postQuoteRequest(
      { name: "Mallory Typed-Name", email: "rest.test@example.com", company: "Typed Company", details: "Please call me at www.example.net" },
      mailEnv,
    );

    const stored = await everythingStored();
    expect(stored).not.toContain(token);
    expect(stored).toContain(STATUS_TOKEN_SLOT);

    // Whatever the relay after the response did not send, the cron sends now.
    await relayDueMails(backendFor(), config, { now: () => Date.now() + 60 * 60_000, minIntervalMs: 0 });
    const acknowledgement = (await recorded(service)).find((request) => request.fields.to_email === "rest.test@example.com" && request.mode === "ok");
    expect(acknowledgement?.fields.message).toContain(`${ORIGIN}/Quote/${token}`);
    expect(acknowledgement?.fields.message).toMatch(/^Hello,\n\nThank you for your request PUSH-\d{4}\./);
    for (const typed of ["Mallory", "Typed Company", "www.example.net"]) expect(acknowledgement?.fields.message).not.toContain(typed);
    expect(await everythingStored()).not.toContain(token);

    const page = await orderPage.loader(sameSite.get(`/Dashboard/Orders/${id}`, admin, { params: { orderId: String(id) } }));
    expect(JSON.stringify(page)).not.toContain(token);
  });

  it("a reset request: the e-mail has the link; no table and not the Users page holds it", async () => {
    const { env: resetEnv, service: resetService } = envWith();
    const args = sameSite.post("/Forgetpassword", { email: "interpreter@example.com" }, undefined, { env: resetEnv });
    await settled(forgotPassword.action(args), args);
    const mail = (await recorded(resetService)).find((request) => request.fields.template_id === "template_reset");
    const token = new URL(mail!.fields.reset_link!).searchParams.get("token");
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await everythingStored()).not.toContain(token!);
    const page = await users.loader(sameSite.get("/Dashboard/Dashboardusers", admin));
    expect(JSON.stringify(page)).not.toContain(token!);
  });

  it("a call link: shown once to the staff member who made it; no table and not the call page holds it", async () => {
    const fields = { intent: "call-link", name: "Maria López", language: String(await languageId("Spanish")), type: "audio", validFor: "24", locale: "en" };
    const { created } = unwrap(await calls.action(sameSite.post("/Dashboard/Dashboardcall", fields, admin))).data as { created: { url: string } };
    const token = new URL(created.url).searchParams.get("link")!;
    expect(token.length).toBeGreaterThan(40);
    expect(await everythingStored()).not.toContain(token);
    const page = await calls.loader(sameSite.get("/Dashboard/Dashboardcall", admin));
    expect(JSON.stringify(page)).not.toContain(token);
  });
});
