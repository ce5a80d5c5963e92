import { applyD1Migrations, env, reset } from "cloudflare:test";

// Test files share one workerd per vitest worker (vitest.config.ts: isolate false; a workerd per file cost two thirds
// of the suite's time). Each file still starts from nothing: reset() deletes every Durable Object and what the
// bindings stored (D1, R2 and the Durable Objects' own storage), then the real schema (migrations/) is applied.
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
