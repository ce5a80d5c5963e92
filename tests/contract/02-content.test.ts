// SPEC §7: "GET company / services / about, all columns" — the public pages' content, with the anon key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { about, company, services } from "../../seed/content";
import { backendFor, double, DOUBLE_URL, step } from "./helpers";

const image = (folder: string, file: string) => `${DOUBLE_URL}/storage/v1/object/public/media/${folder}/${file}`;
/** An image as the pages get it: its public URL, and the alt text and size the row keeps (null before the studio). */
const picture = (folder: string, file: string, alt: string | null = null, width: number | null = null, height: number | null = null) => ({
  url: image(folder, file),
  alt,
  width,
  height,
});

beforeAll(() => double.reset());
afterAll(() => double.reset());

describe("content.company", () => {
  it("reads the first company row, with images (public URL, alt text, size) in the Home and Contactus folders", async () => {
    const { result, shapes, requests } = await step(() => backendFor().content.company());
    // The row in the app's names is the port's contract (tests/port-contract/suite.ts); here, the images' public URLs.
    expect(result).toMatchObject({
      homeCover: picture("Home", "homecover.webp", company.homecover_alt, company.homecover_width, company.homecover_height),
      contactCover: picture("Contactus", "contactcover.webp", company.contactcover_alt, company.contactcover_width, company.contactcover_height),
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
  it("lists every service in the stored order (position, then id), each with its image in the Services folder", async () => {
    const { result, shapes, requests } = await step(() => backendFor().content.services());
    // As supabase/seed.sql leaves them: each image's alt text and real size (the rest: tests/port-contract/suite.ts).
    expect(result.map((service) => service.photo)).toEqual(
      services.map((service) => picture("Services", service.photourl, `${service.title}: illustration`, 640, 400)),
    );
    expect(result.map((service) => service.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(shapes).toEqual(["rest.services.read"]);
    expect(new URL(requests[0]!.url, DOUBLE_URL).searchParams.get("order")).toBe("position.asc,id.asc");

    // The position decides, not the id: the last service moved first, and one without a position (added by hand in
    // the table editor) last, as Postgres sorts NULL.
    await double.patch("services", { id: 6 }, { position: 0 });
    await double.patch("services", { id: 2 }, { position: null });
    const moved = await step(() => backendFor().content.services());
    expect(moved.result.map((service) => service.id)).toEqual([6, 1, 3, 4, 5, 2]);
  });
});

describe("content.about", () => {
  it("reads the about row with its two photos (public URLs) in the Aboutus folder", async () => {
    const { result, shapes } = await step(() => backendFor().content.about());
    expect(result).toMatchObject({
      photoA: picture("Aboutus", "team-meeting.webp", about.photoa_alt, 800, 600),
      photoB: picture("Aboutus", "interpreter-headset.webp", about.photob_alt, 800, 600),
    });
    expect(shapes).toEqual(["rest.about.read"]);
  });

  it("is null when the table is empty", async () => {
    await double.empty("about");
    expect((await step(() => backendFor().content.about())).result).toBeNull();
  });
});
