// Starts the fake EmailJS before the workerd tests and hands its URL to them (see vitest.config.ts).
import type { TestProject } from "vitest/node";
import { startFakeEmailJs } from "./fake-emailjs";

declare module "vitest" {
  export interface ProvidedContext {
    emailjsUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const { url, server } = await startFakeEmailJs();
  project.provide("emailjsUrl", url);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
