// Which database pages were committed since we last looked, read from the D1 database's SQLite WAL file.
// Counting rows through getPlatformProxy costs 10–40 ms a call; this costs microseconds. db.ts uses it to
// skip a count when nothing but "benign" pages changed: miniflare's D1 rewrites one bookkeeping page on
// every access, a read included, and never a page of a table we count. Any other page → count again.
//
// WAL format (sqlite.org/fileformat2.html#walformat): a 32-byte header (page size at 8, salts at 16 and
// 20), then frames of a 24-byte header (page number at 0, salts at 8 and 16) and one page. After a
// checkpoint the file is rewritten from the start under new salts; frames with old salts are stale.
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join } from "node:path";

export class WalWatcher {
  private offset = 32;
  private salts: string | null = null;

  private constructor(private readonly path: string) {}

  /** The WAL of the one D1 database in a --persist-to state folder, or null if miniflare keeps it elsewhere. */
  static forState(state: string): WalWatcher | null {
    const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
    if (!existsSync(dir)) return null;
    const wals = readdirSync(dir).filter((file) => file.endsWith(".sqlite-wal") && !file.startsWith("metadata."));
    return wals.length === 1 ? new WalWatcher(join(dir, wals[0]!)) : null;
  }

  /** Page numbers committed since the last call; null when that cannot be told (first call, WAL restarted). */
  pagesSinceLastCall(): Set<number> | null {
    if (!existsSync(this.path)) return null;
    const fd = openSync(this.path, "r");
    try {
      const size = statSync(this.path).size;
      const header = Buffer.alloc(32);
      if (size < 32 || readSync(fd, header, 0, 32, 0) < 32) return this.lost();
      const pageSize = header.readUInt32BE(8);
      const salts = header.subarray(16, 24).toString("hex");
      const known = this.salts === salts && this.offset <= size;
      if (!known) {
        this.salts = salts;
        this.offset = 32;
      }
      // Only whole transactions: up to the last commit frame (one with the database size at 4). Frames of a
      // transaction still being written are read again, complete, next time.
      const pages = new Set<number>();
      const pending: number[] = [];
      const frame = Buffer.alloc(24);
      for (let at = this.offset; at + 24 + pageSize <= size; at += 24 + pageSize) {
        readSync(fd, frame, 0, 24, at);
        if (frame.subarray(8, 16).toString("hex") !== salts) break; // stale frame of an earlier WAL generation
        pending.push(frame.readUInt32BE(0));
        if (frame.readUInt32BE(4) !== 0) {
          for (const page of pending.splice(0)) pages.add(page);
          this.offset = at + 24 + pageSize;
        }
      }
      return known ? pages : null;
    } finally {
      closeSync(fd);
    }
  }

  private lost(): null {
    this.salts = null;
    this.offset = 32;
    return null;
  }
}
