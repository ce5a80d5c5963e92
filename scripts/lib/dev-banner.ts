// After the dev server's URL, `npm run dev` says how to try the dashboard: the sample sign-ins and where a
// password-reset link shows up, so nobody has to open the README first.
import { existsSync, readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { people, SAMPLE_PASSWORD } from "../../seed/content.ts";

export function sampleSignInBanner(): Plugin {
  return {
    name: "push:sample-sign-in-banner",
    apply: "serve",
    configureServer(server) {
      const printUrls = server.printUrls.bind(server);
      server.printUrls = () => {
        printUrls();
        const log = (line: string) => server.config.logger.info(line);
        log("");
        log("  Sample sign-ins (local data only):");
        for (const role of ["admin", "interpreter"] as const) {
          const person = people.find((candidate) => candidate.role === role);
          if (person) log(`    ${role.padEnd(12)} ${person.email}  ${SAMPLE_PASSWORD}`);
        }
        log(`  Password-reset links: ${resetLinkDestination()}`);
      };
    },
  };
}

function resetLinkDestination(): string {
  const vars = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
  const isSet = (name: string) => new RegExp(`^${name}=[^\\S\\n]*[^\\s#]`, "m").test(vars);
  // The worker e-mails reset links only when EmailJS and its reset template are both configured.
  return isSet("EMAILJS_SERVICE_ID") && isSet("EMAILJS_RESET_TEMPLATE_ID")
    ? "e-mailed through EmailJS (EMAILJS_* in .dev.vars)."
    : "printed in this terminal ([password-reset] …), as no mail provider is set in .dev.vars.";
}
