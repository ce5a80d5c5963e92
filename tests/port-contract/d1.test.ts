// The port's contract, against the embedded D1 adapter (a fresh D1 per test file, with the sample content).
import { env } from "cloudflare:test";
import { createBackend } from "~/backend/index.server";
import { seed } from "../integration/helpers";
import { describePortContract } from "./suite";

describePortContract({
  name: "d1",
  backendFor: (request) => {
    const backend = createBackend({ env, request });
    if (backend.name !== "d1") throw new Error("expected the D1 adapter");
    return backend;
  },
  prepare: seed,
});
