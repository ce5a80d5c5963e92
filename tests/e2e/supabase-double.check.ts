// After the `supabase` project's flows: every request the worker made to Supabase was one the strict double
// allows (a SPEC §7 call or a documented extension).
import { expect, test } from "@playwright/test";
import { SUPABASE_DOUBLE_URL } from "../../playwright.config";

test("the Supabase double saw no request outside the contract", async ({ request }) => {
  const violations = (await (await request.get(`${SUPABASE_DOUBLE_URL}/__double/violations`)).json()) as unknown[];
  expect(violations).toEqual([]);
  const served = (await (await request.get(`${SUPABASE_DOUBLE_URL}/__double/requests`)).json()) as unknown[];
  expect(served.length).toBeGreaterThan(50);
});
