// The README's "Map of the code" must match the tree (issue 24): every folder of the project (three levels deep) is
// listed, as an entry or named in its parent's line, and every entry exists. Run by `npm test`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const readme = readFileSync("README.md", "utf8");
const block = /## Map of the code\n[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1];
if (!block) throw new Error("README.md has no code block under '## Map of the code'");

/** Each entry (a path at a line's start, or after two spaces and followed by two) with the words of its line. */
const entries = new Map<string, string>();
let parent = "";
for (const line of block.split("\n")) {
  if (!line.trim()) continue;
  const indented = line.startsWith("  ");
  const names = [...line.matchAll(/(?:^\s*|\s{2,})([\w.+-]+(?:\/[\w.+-]*)*)(?=\s{2,}|$)/g)].map((match) => match[1]!);
  for (const [index, name] of names.entries()) {
    const path = indented && index === 0 ? parent + name : name;
    entries.set(path, line);
    if (!indented && index === 0 && path.endsWith("/")) parent = path;
  }
}

const problems: string[] = [];
for (const path of entries.keys()) if (!existsSync(path)) problems.push(`the map lists ${path}, which does not exist`);

const folders = new Set(
  execFileSync("git", ["ls-files"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .flatMap((file) => {
      const parts = file.split("/").slice(0, -1);
      return parts.slice(0, 3).map((_, depth) => parts.slice(0, depth + 1).join("/") + "/");
    }),
);
for (const folder of folders) {
  if (folder.startsWith(".")) continue;
  if ([...entries.keys()].some((path) => path.startsWith(folder))) continue;
  // Named in the line of the nearest listed folder above it ("media/ (the drawn images)" in seed/'s line).
  const ancestor = [...entries.keys()].filter((path) => path.endsWith("/") && folder.startsWith(path)).sort((a, b) => b.length - a.length)[0];
  const next = ancestor && folder.slice(ancestor.length).split("/")[0] + "/";
  if (ancestor && next && entries.get(ancestor)!.includes(next)) continue;
  problems.push(`${folder} is not in the README's map of the code`);
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`README map: ${entries.size} entries, ${folders.size} folders, all listed`);
