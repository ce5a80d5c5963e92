// Shared by the call tests (13-calls-*.test.ts): the double reset before each test, with the seeded ids they name.
import { double, languageIdOf, staffIds } from "./helpers";

// Read again by resetCalls; the test files import these bindings, so they see the values of the last reset.
export let [arabic, english] = [0, 0];
export let [admin, interpreter] = ["", ""];

/** Each test's start (beforeEach): the double as seeded, and the ids of its languages and sample people. */
export async function resetCalls() {
  await double.reset();
  [arabic, english] = (await Promise.all(["Arabic", "English"].map(languageIdOf))) as [number, number];
  [admin, interpreter] = await staffIds();
}
