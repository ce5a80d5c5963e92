// Prepares local state for `npm run dev`, the e2e tests and Lighthouse: secrets file, D1 migrations,
// and (only into an empty database) the sample content and its images. Safe to run again.
//
//   npx tsx scripts/local-setup.ts [--persist-to DIR]
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { isSeeded, seedSampleContent } from "../app/backend/d1/seed.server";
import { MEDIA_FOLDERS } from "../app/domain/content";
import { SAMPLE_PASSWORD, sampleContent } from "../seed/content";
import { storageProxy } from "./lib/storage-proxy";
import { wrangler } from "./lib/wrangler";

const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
const persistTo = values["persist-to"];
const CONFIG = "wrangler.toml";

ensureDevVars();
wrangler(["d1", "migrations", "apply", "DB", "--local", "--config", CONFIG, ...(persistTo ? ["--persist-to", persistTo] : [])]);

const { env, dispose } = await storageProxy(persistTo);
try {
  if (await isSeeded(env.DB)) {
    console.log("Local D1 already has content: sample content left as it is.");
  } else {
    await seedSampleContent(env.DB, sampleContent, SAMPLE_PASSWORD);
    console.log("Local D1 seeded with the sample content.");
  }
  console.log(`Sample images in the local MEDIA bucket: ${await uploadSampleImages(env.MEDIA)}.`);
} finally {
  await dispose();
}

/** Local secrets live in the git-ignored .dev.vars; a fresh clone gets one with a random session secret. */
function ensureDevVars(): void {
  if (existsSync(".dev.vars")) return;
  const example = readFileSync(".dev.vars.example", "utf8");
  writeFileSync(".dev.vars", example.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${randomBytes(32).toString("hex")}`));
  console.log("Created .dev.vars from .dev.vars.example with a random SESSION_SECRET.");
}

async function uploadSampleImages(bucket: R2Bucket): Promise<number> {
  let count = 0;
  for (const folder of MEDIA_FOLDERS) {
    const dir = join("seed", "media", folder);
    for (const file of readdirSync(dir)) {
      const key = `${folder}/${file}`;
      if (!(await bucket.head(key))) {
        // An ArrayBuffer of its own: the proxy to miniflare cannot serialize a view of Node's shared buffer pool.
        const bytes = new Uint8Array(readFileSync(join(dir, file))).buffer;
        await bucket.put(key, bytes, { httpMetadata: { contentType: contentType(file) } });
      }
      count++;
    }
  }
  return count;
}

function contentType(file: string): string {
  const types: Record<string, string> = { webp: "image/webp", avif: "image/avif", jpg: "image/jpeg", png: "image/png" };
  return types[file.split(".").pop() ?? ""] ?? "application/octet-stream";
}
