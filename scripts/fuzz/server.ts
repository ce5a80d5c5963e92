// Starts the built worker on throwaway state with scripts/serve-build.ts, in a process group of its own,
// and stops exactly that group (wrangler and its workerd children with it) — never by process name, so
// other servers on this machine (other tests, a colleague's dev server) are left alone.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import { quietCloudflareEnv } from "../lib/wrangler";
import { send } from "./http";

export type Server = { pid: number; stop(): Promise<void>; exited(): boolean };

/** True when something already listens on the port (then the campaign refuses to start). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** Refuses to start without a build, or on a port something already listens on (never a server that is not ours). */
export async function checkBuildAndPort(port: number, command: string): Promise<void> {
  if (!existsSync("build/server/wrangler.json")) throw new Error(`No build/: run \`npm run build\` first (\`${command}\` does).`);
  if (await portInUse(port)) throw new Error(`Port ${port} is in use: stop what runs there, or pass --port.`);
}

/**
 * Ctrl-C or kill: `say` what happened, and exit at once (130); the exit handler then ends the server's process group,
 * so no wrangler or workerd is left behind. First in line (wrangler's own handler exits at once), and once only: the
 * signal can arrive twice (from the terminal, and relayed by tsx).
 */
export function exitOnInterrupt(say: (signal: NodeJS.Signals) => void): void {
  let interrupted = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.prependListener(signal, () => {
      if (interrupted) return;
      interrupted = true;
      say(signal);
      process.exit(130);
    });
  }
}

/** `fresh: false` starts again on the state a stopped server left (a restart, as a deploy is one). */
export async function startServer(
  port: number,
  state: string,
  log: string,
  { timeoutMs = 100_000, fresh = true, stripe }: { timeoutMs?: number; fresh?: boolean; stripe?: string } = {},
): Promise<Server> {
  const child: ChildProcess = spawn(
    "npx",
    [
      ...["tsx", "scripts/serve-build.ts", "--port", String(port), "--state", state, ...(fresh ? ["--fresh"] : []), "--test-secret", "--log", log],
      // Stripe set up with test keys, its API at `stripe` (the campaign's loopback stub): nothing reaches Stripe.
      ...(stripe ? ["--stripe", stripe] : []),
    ],
    // detached: its own process group, so stop() reaches wrangler and workerd, which it spawns.
    { detached: true, stdio: ["ignore", "pipe", "pipe"], env: quietCloudflareEnv },
  );
  // The server's output goes to `log` (serve-build writes it there); keep a tail for start-up failures.
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString("utf8"));
    if (tail.length > 40) tail.shift();
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let exitCode: number | null | undefined;
  const exit = new Promise<void>((resolve) => child.once("exit", (code) => ((exitCode = code), resolve())));

  const pid = child.pid!;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  // Also on an abrupt exit of the campaign (an uncaught error, Ctrl-C): process.kill is synchronous.
  const onExit = () => signalGroup("SIGKILL");
  process.once("exit", onExit);

  const server: Server = {
    pid,
    exited: () => exitCode !== undefined,
    async stop() {
      process.removeListener("exit", onExit);
      signalGroup("SIGTERM");
      const stopped = await Promise.race([exit.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]);
      // wrangler's workerd children may outlive their parent for a moment: end the whole group.
      signalGroup(stopped ? "SIGTERM" : "SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 300));
      signalGroup("SIGKILL");
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`serve-build exited (code ${exitCode}) before answering:\n${tail.join("").slice(-3000)}`);
    const answer = await send(port, { method: "GET", target: "/robots.txt", headers: {} }, 5_000);
    if (answer.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`The server did not answer /robots.txt within ${timeoutMs / 1000} s:\n${tail.join("").slice(-3000)}`);
}
