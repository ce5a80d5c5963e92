// SPEC §7: "GET company / services / about, all columns" — the public pages' content, with the anon key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { about, company, services } from "../../seed/content";
import { backendFor, double, DOUBLE_URL, step } from "./helpers";

const image = (folder: string, file: string) => `${DOUBLE_URL}/storage/v1/object/public/media/${folder}/${file}`;

beforeAll(() => double.reset());
afterAll(() => double.reset());

describe("content.company", () => {
  it("reads the first company row in the app's names, with image URLs in the Home and Contactus folders", async () => {
    const { result, shapes, requests } = await step(() => backendFor().content.company());
    expect(result).toEqual({
      title: company.title,
      description: company.description,
      address: company.address,
      email: company.email,
      phone: company.phone,
      facebook: company.facebook,
      instagram: company.instegram,
      linkedin: company.linkedin,
      homeCoverUrl: image("Home", "homecover.webp"),
      contactCoverUrl: image("Contactus", "contactcover.webp"),
    });
    expect(shapes).toEqual(["rest.company.read"]);
    expect(requests[0]!.credentials).toBe("anon");
  });

  it("reads the company once per request, however often the layout and the page ask", async () => {
    const backend = backendFor();
    const { result, shapes } = await step(() => Promise.all([backend.content.company(), backend.content.company()]));
    expect(result[0]).toBe(result[1]);
    expect(shapes).toEqual(["rest.company.read"]);
    // Another request reads again.
    expect((await step(() => backendFor().content.company())).shapes).toEqual(["rest.company.read"]);
  });

  it("is null when the table is empty", async () => {
    await double.empty("company");
    const { result, shapes } = await step(() => backendFor().content.company());
    expect(result).toBeNull();
    expect(shapes).toEqual(["rest.company.read"]);
  });
});

describe("content.services", () => {
  it("lists every service in id order, each with its image in the Services folder", async () => {
    const { result, shapes, requests } = await step(() => backendFor().content.services());
    expect(result.map(({ title, description, photoUrl }) => ({ title, description, photoUrl }))).toEqual(
      services.map((service) => ({ title: service.title, description: service.description, photoUrl: image("Services", service.photourl) })),
    );
    expect(result.map((service) => service.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(shapes).toEqual(["rest.services.read"]);
    expect(requests[0]!.url).toContain("order=id.asc");
  });
});

describe("content.about", () => {
  it("reads the about row with its two photos in the Aboutus folder", async () => {
    const { result, shapes } = await step(() => backendFor().content.about());
    expect(result).toEqual({
      description: about.description,
      photoAUrl: image("Aboutus", "team-meeting.webp"),
      photoBUrl: image("Aboutus", "interpreter-headset.webp"),
    });
    expect(shapes).toEqual(["rest.about.read"]);
  });

  it("is null when the table is empty", async () => {
    await double.empty("about");
    expect((await step(() => backendFor().content.about())).result).toBeNull();
  });
});
