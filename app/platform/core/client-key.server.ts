// Who a request comes from, for rate limits: one function, so every limit counts clients the same way.
// In production Cloudflare sets CF-Connecting-IP itself (a client cannot choose it); miniflare keeps what a
// local client sends.
import { USER_AGENT_MAX_LENGTH } from "~/domain/accounts";
import { sha256Hex } from "./hash.server";

/**
 * The rate-limit key of a request's client:
 * - IPv4: the address itself;
 * - IPv6: its /64 network (one subscriber is usually given a whole /64, so per-address keys would be endless);
 * - no usable header: a key derived from the browser's own description (user agent and languages), so clients
 *   without the header are not all thrown into one bucket that any one of them could exhaust. Logged, because on
 *   Cloudflare it should never happen.
 */
export async function clientKey(request: Request): Promise<string> {
  const header = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  const ipv4 = parseIPv4(header);
  if (ipv4) return `ip4:${ipv4}`;
  const ipv6 = parseIPv6(header);
  if (ipv6) {
    // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 client.
    if (ipv6.slice(0, 5).every((group) => group === 0) && ipv6[5] === 0xffff) {
      return `ip4:${ipv6[6]! >> 8}.${ipv6[6]! & 255}.${ipv6[7]! >> 8}.${ipv6[7]! & 255}`;
    }
    return `ip6:${ipv6
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(":")}::/64`;
  }
  const described = [request.headers.get("User-Agent") ?? "", request.headers.get("Accept-Language") ?? ""].join("\n");
  const key = `agent:${(await sha256Hex(described)).slice(0, 24)}`;
  console.warn(`[rate-limit] ${header ? "Unusable" : "No"} CF-Connecting-IP on ${new URL(request.url).pathname}; keyed as ${key}`);
  return key;
}

/** The client's address as the security log and "Your sessions" show it, or null when the header is unusable. */
export function clientAddress(request: Request): string | null {
  const header = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  if (parseIPv4(header)) return parseIPv4(header);
  const ipv6 = parseIPv6(header);
  return ipv6 ? ipv6.map((group) => group.toString(16)).join(":") : null;
}

/** Where a request comes from, as sessions and security events record it (the user agent cut to a sane length). */
export function clientOf(request: Request): { address: string | null; userAgent: string | null } {
  const userAgent = request.headers.get("User-Agent")?.slice(0, USER_AGENT_MAX_LENGTH) || null;
  return { address: clientAddress(request), userAgent };
}

function parseIPv4(text: string): string | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number).join(".");
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted IPv4 part), or null. */
function parseIPv6(text: string): number[] | null {
  let address = text.replace(/^\[|\]$/g, "").split("%")[0]!;
  if (!address.includes(":") || address.length > 45) return null;
  const dotted = address.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const ipv4 = parseIPv4(dotted[2]!);
    if (!ipv4) return null;
    const [a, b, c, d] = ipv4.split(".").map(Number) as [number, number, number, number];
    address = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}
