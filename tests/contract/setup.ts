import { reset } from "cloudflare:test";

// The files share one workerd (vitest.contract.config.ts: isolate false). What the worker keeps on its side (the
// sign-in throttle's Durable Objects, the call switchboard) starts empty for each file, as the double's state does not.
await reset();
