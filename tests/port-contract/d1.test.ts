// The port's contract, against the embedded D1 adapter (a fresh D1 per test file, with the sample content).
import { env } from "cloudflare:test";
import { isSeeded } from "~/backend/d1/seed.server";
import { createBackend } from "~/backend/index.server";
import type { Backend } from "~/backend/port.server";
import { seed } from "../integration/helpers";
import { describeCallsContract } from "./calls-suite";
import { describeOrdersContract } from "./orders-suite";
import { describeStudioContract } from "./studio-suite";
import { describePortContract } from "./suite";

const backendFor = (request: Request): Backend => {
  const backend = createBackend({ env, request });
  if (backend.name !== "d1") throw new Error("expected the D1 adapter");
  return backend;
};

describePortContract({ name: "d1", backendFor, prepare: seed });

describeStudioContract({
  name: "d1",
  backendFor,
  // The sample content is already there when the suite above ran in this file.
  prepare: async () => {
    if (!(await isSeeded(env.DB))) await seed();
  },
  stored: async (folder, file) => {
    const object = await env.MEDIA.get(`${folder}/${file}`);
    return object ? { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? "" } : null;
  },
});

describeOrdersContract({
  name: "d1",
  backendFor,
  prepare: async () => {
    if (!(await isSeeded(env.DB))) await seed();
  },
});

describeCallsContract({
  name: "d1",
  backendFor,
  prepare: async () => {
    if (!(await isSeeded(env.DB))) await seed();
  },
});
