// A customer organisation and a requester who signs in for it, in this test file's D1 (tests/fixtures/requesters.ts):
// the fixture for tests of what requesters may and may not do, apart from the invitation flow that makes them.
import { env } from "cloudflare:test";
import { insertRequester, type Requester, type RequesterInput } from "../fixtures/requesters";

export type { Requester };

export const addRequester = (input: RequesterInput): Promise<Requester> => insertRequester(env.DB, input);
