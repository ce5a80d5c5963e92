// The backend port's contract: what every adapter must do, as seen through the port. The same suite runs
// against the D1 adapter (tests/port-contract/d1.test.ts) and the Supabase adapter against its HTTP double
// (tests/port-contract/supabase.test.ts). It assumes the sample content of seed/content.ts is loaded, and
// makes its own people and languages (with unique names) for everything that changes data. This file holds the
// content reads; the rest of this suite, run inside it in this order, is in sign-in-suite.ts, interpreters-suite.ts,
// contact-outbox-suite.ts and accounts-suite.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { about, company, services } from "../../seed/content";
import { sampleTranslations } from "../../seed/content-ar";
import { describeAccountContract } from "./accounts-suite";
import { describeContactOutboxContract } from "./contact-outbox-suite";
import { describeInterpretersContract } from "./interpreters-suite";
import { portHelpers } from "./port-helpers";
import { describeSignInContract } from "./sign-in-suite";
import type { ContractTarget } from "./target";

export function describePortContract(target: ContractTarget) {
  const helpers = portHelpers(target);
  const { backend, newInterpreter } = helpers;

  describe(`the backend port — ${target.name} adapter`, () => {
    beforeAll(() => target.prepare());

    describe("content", () => {
      /** An image as the pages get it: a URL (each adapter's own) ending in its folder and file, its alt text and size. */
      const image = (folder: string, file: string, alt: string, width: number, height: number) => ({
        url: expect.stringMatching(new RegExp(`/${folder}/${file.replace(".", "\\.")}$`)),
        alt,
        width,
        height,
      });

      it("reads the first company row in the app's names (instagram from `instegram`), with its images and translations", async () => {
        expect(await backend().content.company()).toEqual({
          title: company.title,
          description: company.description,
          address: company.address,
          email: company.email,
          phone: company.phone,
          facebook: company.facebook,
          instagram: company.instegram,
          linkedin: company.linkedin,
          homeCover: image("Home", company.homecover, company.homecover_alt, company.homecover_width, company.homecover_height),
          contactCover: image("Contactus", company.contactcover, company.contactcover_alt, company.contactcover_width, company.contactcover_height),
          translations: sampleTranslations.company,
        });
      });

      it("lists every service in order, each with its image in the Services folder and its translations (the last has none)", async () => {
        const list = await backend().content.services();
        expect(list.map(({ title, description, photo, translations }) => ({ title, description, photo, translations }))).toEqual(
          services.map((service) => ({
            title: service.title,
            description: service.description,
            photo: image("Services", service.photourl, `${service.title}: illustration`, 640, 400),
            translations: sampleTranslations.service(service.title),
          })),
        );
      });

      it("reads the about row with its two photos in the Aboutus folder", async () => {
        expect(await backend().content.about()).toEqual({
          description: about.description,
          photoA: image("Aboutus", about.photoaurl, about.photoa_alt, 800, 600),
          photoB: image("Aboutus", about.photoburl, about.photob_alt, 800, 600),
          translations: sampleTranslations.about,
        });
      });
    });

    describeSignInContract(helpers);

    describeInterpretersContract(helpers);

    describeContactOutboxContract(helpers);

    describeAccountContract({ name: target.name, backendFor: target.backendFor, newInterpreter });
  });
}
