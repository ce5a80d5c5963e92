// Starts the fake EmailJS, and poppler's tools on loopback, before the workerd tests and hands their URLs to them (see
// vitest.config.ts).
import type { TestProject } from "vitest/node";
import { startFakeEmailJs } from "./fake-emailjs";
import { startPoppler } from "./poppler";

declare module "vitest" {
  export interface ProvidedContext {
    emailjsUrl: string;
    popplerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const { url, server } = await startFakeEmailJs();
  project.provide("emailjsUrl", url);
  const poppler = await startPoppler();
  project.provide("popplerUrl", poppler.url);
  const close = (closing: typeof server) => new Promise<void>((resolve) => closing.close(() => resolve()));
  return async () => {
    await Promise.all([close(server), close(poppler.server)]);
  };
}
