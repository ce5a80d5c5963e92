import { initialOf } from "~/domain/auth";

/** Six colours (SPEC §9), each dark enough for a white initial (contrast ≥ 4.5:1). */
export const AVATAR_COLORS = ["#0b2545", "#0a6e66", "#8a3b12", "#5b2a86", "#1d5fa8", "#b42318"] as const;

/** Picked from the user id, so the server and the browser (and every visit) agree on it. */
export function avatarColor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}

export function Avatar({ userId, name, size = 48 }: { userId: string; name: string; size?: number }) {
  return (
    <span className="avatar" aria-hidden="true" style={{ backgroundColor: avatarColor(userId), width: size, height: size, fontSize: size * 0.45 }}>
      {initialOf(name)}
    </span>
  );
}
