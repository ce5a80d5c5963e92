// A strict loopback HTTP double of the Supabase APIs the Supabase adapter calls (PostgREST, Auth, Storage),
// answering in Supabase's own response shapes and recording every request that is not in its table of
// allowed request shapes (each labelled with its SPEC §7 line or documented as an extension).
//
//   import { startSupabaseDouble } from "tests/support/supabase-double";
//   const { url, server, state, anonKey, serviceRoleKey } = await startSupabaseDouble({ anonKey, serviceRoleKey });
//
// As a program (for the e2e server): npx tsx tests/support/supabase-double/index.ts --port 54321
//   [--host 127.0.0.1] [--anon-key K] [--service-role-key K] [--no-seed]
// (keys also from SUPABASE_ANON_KEY / SUPABASE_SERVICE_ROLE_KEY). It prints one JSON line: { url, anonKey, serviceRoleKey }.
// Control endpoints (reset, violations, coverage, requests, …) are listed in control.ts.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startSupabaseDouble } from "./server";

export { startSupabaseDouble, type DoubleOptions, type RecordedRequest, type SupabaseDouble } from "./server";
export { SPEC_7, SPEC_LINES } from "./spec";
export type { Coverage } from "./coverage";
export type { PersonFixture } from "./state";
export type { ObjectListing } from "./storage";

const isMain = (() => {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (isMain) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const double = await startSupabaseDouble({
    port: Number(arg("--port") ?? 0),
    host: arg("--host"),
    anonKey: arg("--anon-key") ?? (process.env.SUPABASE_ANON_KEY || undefined),
    serviceRoleKey: arg("--service-role-key") ?? (process.env.SUPABASE_SERVICE_ROLE_KEY || undefined),
    seed: !process.argv.includes("--no-seed"),
  });
  console.log(JSON.stringify({ url: double.url, anonKey: double.anonKey, serviceRoleKey: double.serviceRoleKey }));
}
