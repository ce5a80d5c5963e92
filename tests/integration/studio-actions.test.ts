// The content studio's actions through the route, against a real D1 and R2: validation with the shared schemas (400,
// field messages, values kept, nothing stored), images checked by their bytes, stale forms (409 with the newer
// values), and a successful save that stores the image with its size and deletes the image nothing refers to.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as website from "~/routes/dashboard/website";
import { bytesOf } from "../fixtures/images";
import { backendFor, cookieOf, failure, redirected, seed, statusOf, thrown } from "./helpers";
import { browser, type Fields } from "./requests";

const PATH = "/Dashboard/Website";
let admin = "";

const { upload } = browser();
const post = (fields: Fields, cookie = admin) => website.action(upload(PATH, fields, cookie));

const studio = () => backendFor().studio;
const objects = async () => (await env.MEDIA.list()).objects.map((object) => object.key).sort();

async function companyFields() {
  const company = (await studio().company())!;
  return {
    record: company,
    form: {
      intent: "save-company",
      basedOn: String(company.version),
      title: company.fields.title,
      description: company.fields.description,
      address: company.fields.address,
      email: company.fields.email,
      phone: company.fields.phone ?? "",
      facebook: company.fields.facebook ?? "",
      instegram: company.fields.instagram ?? "",
      linkedin: company.fields.linkedin ?? "",
      homecover_alt: company.fields.homeCover?.alt ?? "",
      contactcover_alt: company.fields.contactCover?.alt ?? "",
    },
  };
}

beforeAll(async () => {
  await seed();
  await env.MEDIA.put("Home/homecover.webp", bytesOf("webpLossy"));
  admin = await cookieOf("admin@example.com");
});

describe("the studio's actions", () => {
  it("refuses an interpreter with 403 before reading the form", async () => {
    const interpreter = await cookieOf("interpreter@example.com");
    const { form } = await companyFields();
    expect(statusOf(await thrown(() => post({ ...form, title: "Taken" }, interpreter)))).toBe(403);
    expect((await studio().company())!.fields.title).toBe(form.title);
  });

  it("answers bad input with 400, a message per field and the typed values, and stores nothing", async () => {
    const { record, form } = await companyFields();
    const before = await objects();
    const result = failure(
      await post({
        ...form,
        title: " ",
        email: "not-an-email",
        facebook: "http://www.facebook.com/push",
        linkedin: "javascript:alert(1)",
        homecover: new File([bytesOf("pdf")], "cover.jpg", { type: "image/jpeg" }),
      }),
    );
    expect(result.status).toBe(400);
    expect(result.errors).toEqual({
      title: "Enter a title.",
      email: "Enter an email like name@example.com.",
      facebook: "Enter a full https:// address.",
      linkedin: "Enter a full https:// address.",
      homecover: "This file is not a JPEG, PNG, WebP or AVIF image.",
    });
    expect(result.values).toMatchObject({ email: "not-an-email", facebook: "http://www.facebook.com/push" });
    expect(result.formError).toBe("Files are not kept after a refused save: choose the image again.");
    expect((await studio().company())!.version).toBe(record.version);
    expect(await objects()).toEqual(before);
  });

  it("stores a new image under a new name with its real size, and deletes the one nothing refers to any more", async () => {
    const { record, form } = await companyFields();
    const photo = new File([bytesOf("jpegExifOrientation6")], "whatever.png", { type: "image/png" });
    const { location, toast } = await redirected(await post({ ...form, homecover: photo, homecover_alt: "A rotated photo" }));
    expect(location).toBe(`${PATH}#company`);
    expect(toast?.message).toBe("The company details have been saved.");
    const saved = (await studio().company())!;
    expect(saved.version).toBe(record.version + 1);
    expect(saved.fields.homeCover).toMatchObject({ alt: "A rotated photo", width: 3, height: 8 });
    expect(saved.fields.homeCover!.file).toMatch(/^home-[0-9a-f-]{36}\.jpg$/);
    const stored = await env.MEDIA.get(`Home/${saved.fields.homeCover!.file}`);
    expect(stored?.httpMetadata?.contentType).toBe("image/jpeg");
    // The seed's cover is still in a kept version (the state this save replaced): it stays.
    expect(await objects()).toContain("Home/homecover.webp");
  });

  it("refuses a save from an outdated form with 409 and the newer values beside the typed ones", async () => {
    const { record, form } = await companyFields();
    await redirected(await post({ ...form, title: "Saved first" }));
    const result = failure(await post({ ...form, basedOn: String(record.version), title: "Saved second" }));
    expect(result.status).toBe(409);
    expect(result.formError).toMatch(/^Someone else saved this while you were editing/);
    expect(result.conflict).toMatchObject({ version: record.version + 1, values: { title: "Saved first" } });
    expect(result.values.title).toBe("Saved second");
    expect((await studio().company())!.fields.title).toBe("Saved first");
  });

  it("needs alt text wherever an image is", async () => {
    const { form } = await companyFields();
    const result = failure(await post({ ...form, contactcover_alt: "" }));
    expect(result.status).toBe(400);
    expect(result.errors).toEqual({ contactcover_alt: "Describe the image in its alt text." });
  });

  it("deleting a service deletes its images, the current one and those only its versions kept", async () => {
    const image = (name: "png" | "webpLossless") => new File([bytesOf(name)], "photo", { type: "application/octet-stream" });
    await redirected(
      await post({ intent: "create-service", title: "Braille", description: "Braille transcription.", photourl: image("png"), photo_alt: "Braille dots" }),
    );
    const created = (await studio().services()).find((service) => service.fields.title === "Braille")!;
    const first = created.fields.photo!.file;
    await redirected(
      await post({
        intent: "save-service",
        id: String(created.id),
        basedOn: "1",
        title: "Braille",
        description: "Braille transcription.",
        photourl: image("webpLossless"),
        photo_alt: "Braille dots",
      }),
    );
    const second = (await studio().services()).find((service) => service.id === created.id)!.fields.photo!.file;
    expect(await objects()).toEqual(expect.arrayContaining([`Services/${first}`, `Services/${second}`]));

    const { toast } = await redirected(await post({ intent: "delete-service", id: String(created.id) }));
    expect(toast?.message).toBe("“Braille” has been deleted.");
    const left = await objects();
    expect(left).not.toContain(`Services/${first}`);
    expect(left).not.toContain(`Services/${second}`);
    expect(await studio().history("service", created.id)).toEqual([]);
  });
});
