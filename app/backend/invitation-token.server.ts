// An invitation link's token (issue 27): 256 random bits in base64url, stored only as its SHA-256 (hex), as reset
// tokens and calendar feeds are. Shared by both adapters.
import { toBase64Url } from "~/platform/core/base64url";
import { sha256Hex } from "~/platform/core/hash.server";

/** What a token looks like: anything else in a link opens nothing, without a query. */
export const isInvitationToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const invitationHash = (token: string) => sha256Hex(token);

/** 32 random bytes as base64url: 43 characters, nothing to guess. */
export const newInvitationToken = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
