import { BackendError } from "../port.server";

/** Runs a D1 call and reports its failure as a BackendError carrying D1's own message. */
export async function query<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new BackendError(message, { cause: error });
  }
}
