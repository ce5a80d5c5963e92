// Fresh local state (migrated D1, sample content, sample images) for the servers that start from it: the e2e
// tests, Lighthouse, the fuzz campaign and the benchmark. Preparing it (scripts/local-setup.ts) starts wrangler's CLI to
// apply every migration and another workerd to seed: about 24 s on CI, paid by each of those servers in turn. The first
// prepares it once into a template folder named by what the result depends on, and every fresh start copies the
// template (a fraction of a second). A change to a migration, the sample content or the code that seeds makes a new
// name, so a stale template is never copied; older ones are removed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const TEMPLATES = ".tmp/state-templates";
/** What the prepared state is made of: the schema, the sample content, and the code that writes them. */
const INPUTS = ["migrations", "seed", "scripts/local-setup.ts", "scripts/lib", "app/backend/d1", "app/domain", "wrangler.toml"];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .map((file) => join(path, file))
    .filter((file) => statSync(file).isFile())
    .sort();
}

function templateName(): string {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(filesUnder)) hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** Makes `state` (which must not exist) a copy of freshly prepared local state; exits the process when preparing fails. */
export function freshStateAt(state: string): void {
  const name = templateName();
  const template = join(TEMPLATES, name);
  if (!existsSync(template)) {
    // Prepared beside the template and renamed into place, so that a run stopped half-way leaves no half template.
    const preparing = `${template}.${process.pid}`;
    const setup = spawnSync("node_modules/.bin/tsx", ["scripts/local-setup.ts", "--persist-to", preparing], { stdio: "inherit" });
    if (setup.status !== 0) process.exit(setup.status ?? 1);
    for (const old of existsSync(TEMPLATES) ? readdirSync(TEMPLATES) : []) {
      if (!old.startsWith(name)) rmSync(join(TEMPLATES, old), { recursive: true, force: true });
    }
    // Another server may have finished preparing the same template meanwhile: theirs is as good.
    if (existsSync(template)) rmSync(preparing, { recursive: true, force: true });
    else renameSync(preparing, template);
  }
  cpSync(template, state, { recursive: true });
}
