// The worker's configuration, checked once per isolate: a missing secret fails loudly, naming it,
// instead of surfacing later as an unsigned cookie or an odd 500.
import { z } from "zod";

const configSchema = z.object({
  SESSION_SECRET: z
    .string({ error: "SESSION_SECRET is not set (see .dev.vars.example, or `wrangler secret put SESSION_SECRET`)" })
    .min(32, { error: "SESSION_SECRET must be at least 32 characters" }),
});

export type AppConfig = z.infer<typeof configSchema>;

const cache = new WeakMap<object, AppConfig>();

export function readConfig(env: Env): AppConfig {
  let config = cache.get(env);
  if (!config) {
    const parsed = configSchema.safeParse(env);
    if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    config = parsed.data;
    cache.set(env, config);
  }
  return config;
}
