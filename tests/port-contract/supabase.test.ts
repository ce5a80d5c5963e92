// The port's contract, against the Supabase adapter talking to the strict HTTP double
// (tests/support/supabase-double; run with vitest.contract.config.ts, after tests/contract/).
import { env } from "cloudflare:test";
import { afterAll, expect } from "vitest";
import { createBackend } from "~/backend/index.server";
import { describePortContract } from "./suite";

let since = 0;

describePortContract({
  name: "supabase",
  backendFor: (request) => {
    const backend = createBackend({ env, request });
    if (backend.name !== "supabase") throw new Error("expected the Supabase adapter");
    return backend;
  },
  prepare: async () => {
    // Fresh sample content; the request log is kept, so only this suite's violations are counted below.
    await fetch(`${env.SUPABASE_URL!}/__double/reset`, { method: "POST" });
    const log = (await (await fetch(`${env.SUPABASE_URL!}/__double/requests`)).json()) as { seq: number }[];
    since = log.at(-1)?.seq ?? 0;
  },
});

afterAll(async () => {
  // Every request the adapter made in this suite was one the double allows (SPEC §7 or a documented extension).
  const violations = await (await fetch(`${env.SUPABASE_URL!}/__double/violations?since=${since}`)).json();
  expect(violations).toEqual([]);
});
