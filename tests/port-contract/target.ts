// What every part of the port's contract is given: the adapter under test, and how to get a store ready for it.
import type { Backend } from "~/backend/port.server";

export type ContractTarget = {
  name: "d1" | "supabase";
  /** A fresh backend for one request (the adapter reads that request's cookies). */
  backendFor: (request: Request) => Backend;
  /** Gets the store ready before the suite: the sample content there (the suite says when it needs nothing else). */
  prepare: () => Promise<void>;
};

export const ORIGIN = "http://127.0.0.1:8787";

let counter = 0;
/** A name no other test uses: `prefix`, the time and a counter. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** A browser's Cookie header from Set-Cookie headers (the last value of each name wins; expired ones drop). */
export function cookieHeader(setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const line of setCookies) {
    const [pair = "", ...attributes] = line.split(";");
    const index = pair.indexOf("=");
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Every item of a paged list, in order: `read` answers one page (from 1) and how many there are. */
export async function everyPage<T>(read: (page: number) => Promise<{ items: T[]; pageCount: number }>): Promise<T[]> {
  const first = await read(1);
  const items = [...first.items];
  for (let page = 2; page <= first.pageCount; page++) items.push(...(await read(page)).items);
  return items;
}
