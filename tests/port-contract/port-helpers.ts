// What the parts of the port's contract that work on the dashboard share (suite.ts and the suites it registers,
// people-suite.ts and its parts): a backend for a request to /Dashboard, with a browser's cookies or none, a sign-in
// that returns those cookies, and a new interpreter who can sign in.
import { SAMPLE_PASSWORD } from "../../seed/content";
import { cookieHeader, ORIGIN, unique, type ContractTarget } from "./target";

export function portHelpers(target: ContractTarget) {
  const backend = (cookie?: string) => target.backendFor(new Request(`${ORIGIN}/Dashboard`, cookie ? { headers: { Cookie: cookie } } : undefined));

  /** Signs in and returns the browser's Cookie header (both adapters put Set-Cookie in responseHeaders). */
  async function signIn(email: string, password = SAMPLE_PASSWORD): Promise<string> {
    const fresh = backend();
    const result = await fresh.auth.signIn({ email, password });
    if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.reason}`);
    return cookieHeader(fresh.responseHeaders.getSetCookie());
  }

  async function newInterpreter(password = "first-password-1") {
    const email = `${unique("contract")}@example.com`;
    const result = await backend().interpreters.create({ fullName: unique("Contract Person "), gender: "Woman", email, phone: "+1 307 555 0190", password });
    if (!result.ok) throw new Error(`could not create ${email}: ${result.reason}`);
    return { id: result.id, email, password };
  }

  return { backend, signIn, newInterpreter };
}

export type PortHelpers = ReturnType<typeof portHelpers>;
