// Timing one request without a browser, and the percentiles of a series. Not scripts/fuzz/http.ts `send`: that keeps
// at most 4 MB of a body, and a year of the call log as CSV is bigger; here the body streams through, its bytes are
// counted (and its CSV records, when asked), and only HTML, which the discovery reads, is kept.
// Like `send`, each request has a connection of its own (Connection: close): no request pays for or profits from
// another's connection, so every sample times the same work, accept included.
import http from "node:http";

export type Timed = {
  status: number;
  /** From sending the request to the last byte of the body. */
  ms: number;
  bytes: number;
  contentType: string;
  /** The body as text, when asked for (keepBody). */
  body: string;
  /** CSV records after the header, when asked for (countCsvRows). */
  csvRows: number | null;
  error?: string;
};

export type RequestOptions = { headers: Record<string, string>; keepBody?: boolean; countCsvRows?: boolean; timeoutMs?: number };

export function timedGet(port: number, path: string, { headers, keepBody = false, countCsvRows = false, timeoutMs = 120_000 }: RequestOptions): Promise<Timed> {
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let bytes = 0;
    const csv = countCsvRows ? csvRecordCounter() : null;
    let settled = false;
    const finish = (status: number, contentType: string, error?: string) => {
      if (settled) return;
      settled = true;
      const records = csv?.records() ?? null;
      resolve({
        status,
        ms: performance.now() - started,
        bytes,
        contentType,
        body: keepBody ? Buffer.concat(chunks).toString("utf8") : "",
        csvRows: records === null ? null : Math.max(0, records - 1), // the first record is the header
        ...(error ? { error } : {}),
      });
    };
    const req = http.request({ host: "127.0.0.1", port, method: "GET", path, headers: { ...headers, Connection: "close" }, agent: false }, (res) => {
      const contentType = String(res.headers["content-type"] ?? "");
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
        csv?.feed(chunk);
      });
      res.on("end", () => finish(res.statusCode ?? 0, contentType));
      res.on("error", (error) => finish(res.statusCode ?? 0, contentType, error.message));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)));
    req.on("error", (error) => finish(0, "", error.message));
    req.end();
  });
}

/**
 * Counts CSV records (RFC 4180) as the bytes stream past: a line break ends a record only outside quotes, so a
 * caller's name with a line break in it would still count once. A last record without a final line break counts too.
 */
function csvRecordCounter() {
  let inQuotes = false;
  let records = 0;
  let open = false; // bytes seen since the last record ended
  return {
    feed(chunk: Buffer) {
      for (const byte of chunk) {
        if (byte === 0x22) inQuotes = !inQuotes; // "" inside a quoted field toggles twice: no change
        if (byte === 0x0a && !inQuotes) {
          records++;
          open = false;
        } else if (byte !== 0x0d) {
          open = true;
        }
      }
    },
    records: () => records + (open ? 1 : 0),
  };
}

/** Nearest-rank percentile (p in 0–100) of a non-empty series. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
