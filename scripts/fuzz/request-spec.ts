// One request of the campaign as generate.ts makes it and form-request.ts fills it in: what run.ts sends, checks.ts
// inspects and report.ts prints. In a module of its own so that none of them imports another for the type.
import type { BucketName, Role } from "./surface-kinds";

export type RequestSpec = {
  index: number;
  role: Role;
  method: string;
  /** The request target: path and query, percent-encoded as sent. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Which surface entry this exercises, e.g. "form /Dashboard/Language intent=create". */
  surface: string;
  /** What is hostile about it. */
  labels: string[];
  /** Markers (payloads.ts) this request plants. */
  markers: number[];
  /** Carries the role's real session cookie unchanged. */
  realSession: boolean;
  /** Aimed at a form whose success leaves work running after the answer (surface-kinds.ts `background`). */
  background: boolean;
  /** Aimed at a form whose action stores or deletes files in this R2 bucket (surface-kinds.ts `bucket`). */
  bucket: BucketName | null;
};
