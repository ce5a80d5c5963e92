import { applyD1Migrations, env } from "cloudflare:test";

// Every test file starts from the real schema (migrations/), applied to its own D1 database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
