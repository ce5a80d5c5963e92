// How findings are printed: each offending request in full enough detail to reproduce it (method, target,
// headers, body excerpt, status, and a curl command line), then a short grouping so patterns stand out.
// Bodies too long or too binary for a command line are written to a file the curl line reads.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Finding } from "./checks";
import type { RequestSpec } from "./request-spec";

/** Bash ANSI-C quoting ($'…'): any byte survives a copy and paste. */
function ansiC(bytes: Buffer): string {
  let out = "";
  for (const byte of bytes) {
    if (byte === 0x5c) out += "\\\\";
    else if (byte === 0x27) out += "\\'";
    else if (byte >= 0x20 && byte <= 0x7e) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, "0")}`;
  }
  return `$'${out}'`;
}

const shown = (value: string, max: number) => (value.length > max ? `${value.slice(0, max)}…(${value.length} chars)` : value);

export class Reporter {
  /** Real session cookies by the shell variable the curl lines use instead (sessions end with the run). */
  readonly sessionVariables = new Map<string, string>();

  constructor(
    private readonly port: number,
    private readonly bodyDir: string,
  ) {}

  /** How to get a session for the curl lines, printed once before the findings. */
  preamble(): string[] {
    const variables = new Set(this.sessionVariables.values());
    return [...variables].map((variable) => {
      const email = variable === "ADMIN_COOKIE" ? "admin@example.com" : "interpreter@example.com";
      return `  ${variable}=$(curl -si -H 'Origin: http://127.0.0.1:${this.port}' -H 'CF-Connecting-IP: 198.18.255.1' --data-urlencode 'email=${email}' --data-urlencode 'password=ChangeMe-2025!' http://127.0.0.1:${this.port}/Login | grep -o 'push-session=[^;]*')`;
    });
  }

  /** A header line for the shell; a real session cookie inside it becomes "$ADMIN_COOKIE" (or the interpreter's). */
  private header(name: string, value: string): string {
    for (const [cookie, variable] of this.sessionVariables) {
      const at = name === "Cookie" ? value.indexOf(cookie) : -1;
      if (at >= 0) {
        const before = ansiC(Buffer.from(`${name}: ${value.slice(0, at)}`, "latin1"));
        const after = value.slice(at + cookie.length);
        return `-H ${before}"$${variable}"${after ? ansiC(Buffer.from(after, "latin1")) : ""}`;
      }
    }
    return `-H ${ansiC(Buffer.from(`${name}: ${value}`, "latin1"))}`;
  }

  curl(spec: RequestSpec): string {
    const parts = ["curl -si --path-as-is"];
    if (spec.method === "HEAD") parts.push("-I");
    else if (spec.method !== "GET" || spec.body) parts.push(`-X ${spec.method}`);
    for (const [name, value] of Object.entries(spec.headers)) parts.push(this.header(name, value));
    if (spec.body && spec.body.length > 0) {
      const printable = spec.body.every((byte) => byte >= 0x20 && byte <= 0x7e);
      if (spec.body.length <= 300 && (printable || spec.body.length <= 120)) parts.push(`--data-binary ${ansiC(spec.body)}`);
      else {
        mkdirSync(this.bodyDir, { recursive: true });
        const file = join(this.bodyDir, `${spec.index}.bin`);
        writeFileSync(file, spec.body);
        parts.push(`--data-binary @${file}`);
      }
    } else if (spec.body) parts.push("--data-binary ''");
    parts.push(ansiC(Buffer.from(`http://127.0.0.1:${this.port}${spec.target}`, "latin1")));
    return parts.join(" ");
  }

  format(finding: Finding): string {
    const { spec, answer } = finding;
    const lines = [
      `✗ ${finding.kind}: ${finding.detail}`,
      `  #${spec.index} as ${spec.role}${spec.realSession ? " (real session)" : ""} — ${spec.surface}${spec.labels.length ? ` — ${shown(spec.labels.join("; "), 300)}` : ""}`,
      `  ${spec.method} ${shown(spec.target, 300)}`,
      ...Object.entries(spec.headers).map(([name, value]) => `    ${name}: ${shown(JSON.stringify(value), 160)}`),
    ];
    if (spec.body) lines.push(`  body (${spec.body.length} bytes): ${shown(JSON.stringify(spec.body.subarray(0, 240).toString("latin1")), 260)}`);
    lines.push(
      `  → ${answer.error ? `no answer: ${answer.error}` : `${answer.status}, ${answer.headers["content-type"] ?? "no Content-Type"}`} (${answer.ms} ms)`,
    );
    if (finding.excerpt) lines.push(`  answer: ${shown(finding.excerpt, 400)}`);
    if (finding.before)
      lines.push(`  repro (#${finding.before.index}, then #${spec.index}): ${shown(this.curl(finding.before), 4000)}; ${shown(this.curl(spec), 4000)}`);
    else lines.push(`  repro: ${shown(this.curl(spec), 4000)}`);
    return lines.join("\n");
  }

  /** One line per kind of finding, route and status: which bugs, not how many requests met each. */
  groups(findings: Finding[]): string[] {
    const groups = new Map<string, number[]>();
    for (const finding of findings) {
      const status = finding.answer.error ? "no answer" : String(finding.answer.status);
      const key = `${finding.kind} · ${finding.spec.surface} · ${finding.spec.method} → ${status}`;
      groups.set(key, [...(groups.get(key) ?? []), finding.spec.index]);
    }
    return [...groups].map(([key, indexes]) => `  ${key} · ${indexes.length}× (e.g. #${indexes.slice(0, 5).join(", #")})`);
  }
}
