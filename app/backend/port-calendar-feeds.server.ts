// The calendar feeds part of the backend port (issue 25): each interpreter's private iCalendar subscription. Only a
// token's SHA-256 is stored; the token is shown once, when issued. Re-exported by port.server.ts; callers have checked
// who may act (a signed-in person issues and revokes their own; the feed route finds the owner by the token's hash).
import type { Appointment } from "~/domain/appointments";

export interface CalendarFeedStore {
  /** A new feed for the person, replacing theirs if any (the old URL stops working); false when no such users row. */
  issue(userId: string, tokenHash: string, now: number): Promise<boolean>;
  /** Deletes the person's feed: its URL answers 404 from now on. False when they had none. */
  revoke(userId: string): Promise<boolean>;
  /** When the person's feed was issued, or null when they have none. */
  issuedAt(userId: string): Promise<number | null>;
  /** Whose feed this token's hash opens, or null. */
  ownerOf(tokenHash: string): Promise<string | null>;
  /**
   * What the feed lists: the person's appointments starting at or after `since` that were confirmed to them —
   * confirmed, completed, or cancelled after (a calendar removes those) — by start, at most FEED_LIMIT.
   */
  appointments(userId: string, since: number): Promise<Appointment[]>;
}

/** The most appointments one feed lists (months of a busy interpreter's work). */
export const FEED_LIMIT = 500;
