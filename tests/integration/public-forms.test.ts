// The public forms answer the same status for the same fault (issue 24): the contact form (/api/contact), a quote
// request (/Quote) and a callback (/Call) all go through one guard (app/request/public-form.server.ts). Each fault is sent
// to all three, and what each answers — status, Retry-After, and whether anything was stored — must be the same.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as callPage from "~/routes/public/call";
import * as quotePage from "~/routes/public/quote";
import { CONTACT_URL, envWith, postContact, TURNSTILE } from "./contact-helpers";
import { rows, seed, validQuoteFields } from "./helpers";
import { addressesIn, formBody, ORIGIN, routeArgs, settled } from "./requests";

type Form = "contact" | "quote" | "callback";
type Answer = { status: number; retryAfter: string | null };
type Sent = { fields?: Record<string, string | string[]>; headers?: Record<string, string>; body?: BodyInit; testEnv?: Env };

const freshIp = addressesIn(88);
let valid: Record<Form, Record<string, string | string[]>>;

beforeAll(async () => {
  await seed();
  valid = {
    contact: { name: "Amina Yusuf", email: "amina@example.com", subject: "A deposition", message: "Next Tuesday, 9 to noon." },
    quote: await validQuoteFields({ name: "Amina Yusuf", email: "amina@example.com" }),
    callback: { name: "Amina Yusuf", phone: "+1 307 555 0100", note: "" },
  };
});

/** One post of `form`, the way the worker (contact) or React Router (the two actions) runs it; a thrown answer counts. */
async function send(form: Form, { fields = valid[form], headers = {}, body, testEnv = env }: Sent = {}): Promise<Answer> {
  const init = {
    method: "POST",
    body: body ?? formBody(fields),
    headers: { "CF-Connecting-IP": freshIp(), Origin: ORIGIN, Accept: "application/json", ...headers },
  };
  let result: unknown;
  if (form === "contact") {
    result = await postContact(new Request(CONTACT_URL, init), testEnv);
  } else {
    const args = routeArgs(form === "quote" ? "/Quote" : "/Call", init, testEnv);
    result = await settled(form === "quote" ? quotePage.action(args) : callPage.action(args), args).catch((thrown: unknown) => thrown);
  }
  if (result instanceof Response) return { status: result.status, retryAfter: result.headers.get("Retry-After") };
  const data = result as { init?: { status?: number; headers?: HeadersInit } | null; status?: number; headers?: Record<string, string> };
  const status = data.init?.status ?? data.status ?? 200;
  return { status, retryAfter: new Headers(data.init?.headers ?? data.headers).get("Retry-After") };
}

const stored = async () => (await rows("contact_messages")) + (await rows("orders"));
const FORMS: Form[] = ["contact", "quote", "callback"];

/** Sends the same fault to every form; answers what each answered, and whether anything was stored. */
async function everyForm(fault: (form: Form) => Sent) {
  const answers: Record<string, Answer & { stored: number }> = {};
  for (const form of FORMS) {
    const before = await stored();
    const answer = await send(form, fault(form));
    answers[form] = { ...answer, stored: (await stored()) - before };
  }
  return answers;
}

const same = (answer: Answer & { stored: number }) => Object.fromEntries(FORMS.map((form) => [form, answer]));

describe("the public forms: the same answer for the same fault", () => {
  it("a post from another site: 403, nothing stored", async () => {
    expect(await everyForm(() => ({ headers: { Origin: "https://evil.example" } }))).toEqual(same({ status: 403, retryAfter: null, stored: 0 }));
  });

  it("a body that is not a form: 400, nothing stored", async () => {
    expect(await everyForm(() => ({ body: "{not a form", headers: { "Content-Type": "multipart/form-data; boundary=x" } }))).toEqual(
      same({ status: 400, retryAfter: null, stored: 0 }),
    );
  });

  it("past the limit: 429 with Retry-After, nothing stored", async () => {
    const exhausted = { limit: () => Promise.resolve({ success: false }) };
    const testEnv = { ...env, CONTACT_LIMITER: exhausted, QUOTE_LIMITER: exhausted, CALL_LIMITER: exhausted } as Env;
    expect(await everyForm(() => ({ testEnv }))).toEqual(same({ status: 429, retryAfter: "60", stored: 0 }));
  });

  it("field messages: 400, nothing stored", async () => {
    expect(await everyForm((form) => ({ fields: { ...valid[form], name: "" } }))).toEqual(same({ status: 400, retryAfter: null, stored: 0 }));
  });

  it("a failed challenge (Turnstile configured, no token): 403, nothing stored", async () => {
    const { env: testEnv } = envWith(TURNSTILE);
    expect(await everyForm(() => ({ testEnv }))).toEqual(same({ status: 403, retryAfter: null, stored: 0 }));
  });

  it("storage down: 503, nothing stored", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.exec("CREATE TRIGGER forms_outage_messages BEFORE INSERT ON contact_messages BEGIN SELECT RAISE(ABORT, 'outage'); END");
    await env.DB.exec("CREATE TRIGGER forms_outage_orders BEFORE INSERT ON orders BEGIN SELECT RAISE(ABORT, 'outage'); END");
    try {
      expect(await everyForm(() => ({}))).toEqual(same({ status: 503, retryAfter: null, stored: 0 }));
    } finally {
      await env.DB.exec("DROP TRIGGER forms_outage_messages");
      await env.DB.exec("DROP TRIGGER forms_outage_orders");
      vi.restoreAllMocks();
    }
  });

  it("a bot (the honeypot filled): thanked as a person would be, and nothing stored", async () => {
    const bots = await everyForm((form) => ({ fields: { ...valid[form], website: "https://spam.example" } }));
    const people = await everyForm(() => ({}));
    for (const form of FORMS) expect({ form, ...bots[form] }).toEqual({ form, ...people[form]!, stored: 0 });
    expect(Object.values(people).map((answer) => answer.stored)).toEqual([1, 1, 1]);
  });
});
