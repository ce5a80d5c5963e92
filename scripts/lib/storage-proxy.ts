// The local D1 database and R2 bucket of wrangler.toml, opened from Node (getPlatformProxy) for local set-up and the
// fuzz campaign's row counts. Only those two bindings: the worker's Durable Object class lives in the worker's own
// code, which this proxy does not run, and wrangler would warn about it on every `npm run dev`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";

type D1Binding = { binding: string; database_name?: string; database_id?: string };
type R2Binding = { binding: string; bucket_name?: string };
/** What is read of wrangler.toml here (wrangler's types name its Config from a package they do not ship, so it is unknown to the compiler). */
type StorageConfig = { name?: string; compatibility_date?: string; compatibility_flags: string[]; d1_databases: D1Binding[]; r2_buckets: R2Binding[] };

/** `persistTo`: a folder as `wrangler --persist-to` takes it; default: wrangler's own `.wrangler/state`. */
export async function storageProxy(persistTo?: string) {
  const config = unstable_readConfig({ config: "wrangler.toml" }) as StorageConfig;
  const storageOnly = {
    name: `${config.name}-storage`,
    compatibility_date: config.compatibility_date,
    compatibility_flags: config.compatibility_flags,
    d1_databases: config.d1_databases.map(({ binding, database_name, database_id }: D1Binding) => ({ binding, database_name, database_id })),
    r2_buckets: config.r2_buckets.map(({ binding, bucket_name }: R2Binding) => ({ binding, bucket_name })),
  };
  mkdirSync(".tmp", { recursive: true });
  const configPath = join(".tmp", "storage-only.wrangler.json");
  writeFileSync(configPath, JSON.stringify(storageOnly, null, 2));
  return getPlatformProxy<Pick<Env, "DB" | "MEDIA">>({
    configPath,
    remoteBindings: false,
    // wrangler's --persist-to DIR keeps its state in DIR/v3, getPlatformProxy takes that inner folder; the
    // default state is the project's .wrangler/state, wherever this config file sits.
    persist: { path: resolve(persistTo ?? ".wrangler/state", "v3") },
  });
}
