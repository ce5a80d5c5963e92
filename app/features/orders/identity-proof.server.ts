// Proof that a requester reads the mailbox their order names (issue 22): the e-mailed status link carries
// `?confirm=<proof>`, an HMAC of the order's number under a key of its own derived from SESSION_SECRET. The page the
// request's own redirect opens has no proof (its sender may have typed someone else's address); opening the e-mailed
// link makes the order its customer's. Nothing is stored: the proof is computed when the mail is sent.
import { fromBase64Url, SIGNATURE, toBase64Url } from "~/platform/core/base64url";
import { hmacKey } from "~/platform/core/hmac-key.server";

const proofKey = (secret: string) => hmacKey(secret, "push order e-mail proof v1");
const subject = (orderId: number) => new TextEncoder().encode(`order ${orderId}`);

export async function identityProof(secret: string, orderId: number): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await proofKey(secret), subject(orderId)));
}

/** True for the proof this order's e-mails carry; false for anything else (cut, altered, another order's). */
export async function isIdentityProof(secret: string, orderId: number, proof: string): Promise<boolean> {
  const signature = SIGNATURE.test(proof) ? fromBase64Url(proof) : null;
  return signature !== null && crypto.subtle.verify("HMAC", await proofKey(secret), signature, subject(orderId));
}
