// Runs the project's own wrangler with the environment this machine and CI need:
// no metrics, no banner, no request for the account's location (no connection leaves loopback).
import { spawnSync } from "node:child_process";

export const quietCloudflareEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
Object.assign(process.env, quietCloudflareEnv);

export function wrangler(args: string[]): void {
  const result = spawnSync("node_modules/.bin/wrangler", args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...quietCloudflareEnv, CI: "true" }, // CI=true: never stop to ask for confirmation
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed with exit code ${result.status}`);
}
