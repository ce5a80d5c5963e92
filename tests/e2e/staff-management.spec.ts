// The three admin screens of SPEC §2 in real Chromium, each flow once with JavaScript on and once off.
// Tests run in parallel on one database, so each works on people and languages it creates itself.
import type { Page } from "@playwright/test";
import { ADMIN, expect, expectNotice, fillInterpreter, SAMPLE_PASSWORD, signIn, test, unique } from "./fixtures";

const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("add, edit (cancel, then save) and delete an interpreter", async ({ page, browser }) => {
      // A whole lifecycle with three password hashes and a second browser: ~30 s with JavaScript on when the
      // suite fills this 2-core machine (the same before and after the hardening work, measured side by side).
      test.slow();
      const id = unique();
      const person = { name: `Ana Diaz ${id}`, gender: "Woman", email: `ana.${id}@example.com`, phone: "+1 307 555 0150", password: "ana-secret-1" };
      await signIn(page, ADMIN.email, { landing: "/Dashboard/Interpreter" });

      // Nothing filled in: the spec's alert, and nothing stored.
      await page.getByRole("button", { name: "Add interpreter" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields." })).toBeVisible();

      await fillInterpreter(page, person);
      await expect(page.getByText(/User added successfully with ID: [0-9a-f-]{36}/)).toBeVisible();
      // Focus goes back to the form, ready for the next person (with JavaScript; without it the page scrolls there).
      if (javaScriptEnabled) await expect(page.getByRole("heading", { name: "Add an interpreter" })).toBeFocused();
      // The form is empty again and the list has the new person.
      await expect(page.getByRole("region", { name: "Add an interpreter" }).getByLabel("Full name")).toHaveValue("");
      await expect(row(page, person.name)).toContainText(person.email);

      // The same email again: the sign-up error, nothing stored twice.
      await fillInterpreter(page, { ...person, name: `Someone ${id}` });
      await expect(page.getByRole("alert").filter({ hasText: "Error during signUp: an account with this email already exists." })).toBeVisible();

      // Edit, change, Cancel: nothing written.
      await row(page, person.name)
        .getByRole("link", { name: `Edit ${person.name}` })
        .click();
      await page.getByLabel(`Full name (${person.name})`).fill("Changed But Cancelled");
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(row(page, person.name)).toBeVisible();

      // Edit and Save: written, including a new sign-in email.
      const renamed = { name: `Ana Díaz-Ruiz ${id}`, email: `ana.ruiz.${id}@example.com` };
      await row(page, person.name)
        .getByRole("link", { name: `Edit ${person.name}` })
        .click();
      if (javaScriptEnabled) await expect(page.getByLabel(`Full name (${person.name})`)).toBeFocused();
      await expect(page.getByLabel(`Email (${person.name})`)).toHaveValue(person.email);
      await expect(page.getByLabel(`Phone (${person.name})`)).toHaveValue(person.phone);
      await expect(page.getByLabel(`Gender (${person.name})`)).toHaveValue(person.gender);
      await page.getByLabel(`Full name (${person.name})`).fill(renamed.name);
      await page.getByLabel(`Email (${person.name})`).fill(renamed.email);
      await page.getByRole("button", { name: "Save" }).click();
      await expectNotice(page, `Changes to ${renamed.name} saved.`);
      await expect(row(page, renamed.name)).toContainText(renamed.email);
      if (javaScriptEnabled) await expect(row(page, renamed.name)).toBeFocused();

      // The new email signs in.
      const other = await browser.newPage({ extraHTTPHeaders: { "CF-Connecting-IP": "10.200.0.1" } });
      await signIn(other, renamed.email, { password: person.password, landing: null });
      await other.close();

      // Delete, after a confirmation.
      await row(page, renamed.name)
        .getByRole("link", { name: `Delete ${renamed.name}` })
        .click();
      await expect(page.getByRole("group").filter({ hasText: `Delete ${renamed.name}?` })).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expectNotice(page, `${renamed.name} was deleted`);
      await expect(row(page, renamed.name)).toHaveCount(0);
      if (javaScriptEnabled) await expect(page.getByRole("heading", { name: "All interpreters" })).toBeFocused();

      // Their credentials no longer sign in.
      await page.context().clearCookies();
      await page.goto("/Login");
      await page.getByLabel("Email").fill(renamed.email);
      await page.getByLabel("Password").fill(person.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    });

    test("add, rename and delete a language", async ({ page }) => {
      const name = `Quechua ${unique()}`;
      await signIn(page, ADMIN.email, { landing: "/Dashboard/Language" });
      const add = page.getByRole("region", { name: "Add a language" });

      // Only spaces: nothing stored, and the field says why.
      await add.getByLabel("Language name").fill("   ");
      await add.getByRole("button", { name: "Add language" }).click();
      await expect(add.getByText("Please enter a language name.")).toBeVisible();

      await add.getByLabel("Language name").fill(`  ${name}  `);
      await add.getByRole("button", { name: "Add language" }).click();
      await expectNotice(page, `${name} added.`);
      await expect(row(page, name)).toBeVisible(); // trimmed

      // A duplicate, ignoring case.
      await add.getByLabel("Language name").fill(name.toUpperCase());
      await add.getByRole("button", { name: "Add language" }).click();
      await expect(add.getByText(`“${name.toUpperCase()}” is already in the list.`)).toBeVisible();

      await row(page, name)
        .getByRole("link", { name: `Edit ${name}` })
        .click();
      await page.getByLabel(`Language name (${name})`).fill(`${name} (Southern)`);
      await page.getByRole("button", { name: "Save" }).click();
      await expectNotice(page, `Renamed to ${name} (Southern).`);

      await row(page, `${name} (Southern)`)
        .getByRole("link", { name: `Delete ${name} (Southern)` })
        .click();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expectNotice(page, `${name} (Southern) was deleted`);
      await expect(row(page, `${name} (Southern)`)).toHaveCount(0);
    });

    test("link an interpreter to a language, refuse the same link twice, unlink", async ({ page }) => {
      const language = `Tigrinya ${unique()}`;
      await signIn(page, ADMIN.email, { landing: "/Dashboard/Language" });
      await page.getByLabel("Language name").fill(language);
      await page.getByRole("button", { name: "Add language" }).click();
      await expectNotice(page, `${language} added.`);

      await page.goto("/Dashboard/UserLanguages");
      const form = page.getByRole("region", { name: "Link an interpreter to a language" });
      // Nothing chosen: nothing stored, and the form says so.
      await form.getByRole("button", { name: "Link" }).click();
      await expect(form.getByText("Please choose an interpreter.")).toBeVisible();
      await expect(form.getByText("Please choose a language.")).toBeVisible();

      const linkOmar = async () => {
        await form.getByLabel("Interpreter").fill("Omar Farah <omar.farah@example.com>");
        await form.getByLabel("Language").selectOption({ label: language });
        await form.getByRole("button", { name: "Link" }).click();
      };
      await linkOmar();
      await expect(page.getByText(`Omar Farah now speaks ${language}.`)).toBeVisible();
      await linkOmar();
      await expect(page.getByRole("alert").filter({ hasText: `Omar Farah is already linked to ${language}.` })).toBeVisible();
      const links = page.getByRole("row").filter({ hasText: language });
      await expect(links).toHaveCount(1);

      await links.getByRole("link", { name: `Delete Omar Farah — ${language}` }).click();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText(`Omar Farah no longer listed for ${language}.`)).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: language })).toHaveCount(0);
    });
  });
}

test("search by name, email and phone; sort; 20 per page, with page and query in the URL", async ({ page }) => {
  const batch = `pg${unique()}`;
  await signIn(page, ADMIN.email);
  // 21 people for this test alone.
  for (let n = 1; n <= 21; n++) {
    const response = await page.request.post("/Dashboard/Interpreter", {
      form: {
        intent: "create",
        full_name: `Zed ${batch} ${String(n).padStart(2, "0")}`,
        Gender: "Man",
        email: `${batch}.${n}@example.com`,
        phone: `+1 307 555 ${String(1000 + n)}`,
        password: SAMPLE_PASSWORD,
      },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto("/Dashboard/Interpreter");
  await page.getByLabel("Search by name, email or phone").fill(batch);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${batch}`));
  await expect(page.getByText("21 people")).toBeVisible();
  await expect(page.getByRole("rowheader")).toHaveCount(20);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${batch}.*page=2|page=2.*q=${batch}`));
  await expect(page.getByRole("rowheader")).toHaveText([`Zed ${batch} 21`]);

  // Sorting by name, descending, puts 21 first.
  await page.goto(`/Dashboard/Interpreter?q=${batch}`);
  await page.getByRole("link", { name: "Sort by Full name" }).click();
  await expect(page.getByRole("rowheader").first()).toHaveText(`Zed ${batch} 21`);
  await expect(page.getByRole("columnheader", { name: /Full name/ })).toHaveAttribute("aria-sort", "descending");

  // An email and a phone (digits only) find one person.
  await page.goto(`/Dashboard/Interpreter?q=${batch}.7@example.com`);
  await expect(page.getByRole("rowheader")).toHaveText([`Zed ${batch} 07`]);
  await page.goto("/Dashboard/Interpreter?q=3075551013");
  await expect(page.getByRole("rowheader")).toHaveText([`Zed ${batch} 13`]);

  await page.goto(`/Dashboard/Interpreter?q=nobody-${batch}`);
  await expect(page.getByText(`No one matches “nobody-${batch}”.`)).toBeVisible();
});

test("an admin cannot delete their own account", async ({ page }) => {
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Interpreter" });
  await expect(row(page, ADMIN.name).getByRole("link", { name: /^Delete/ })).toHaveCount(0);
  const href = await row(page, ADMIN.name)
    .getByRole("link", { name: `Edit ${ADMIN.name}` })
    .getAttribute("href");
  const adminId = new URL(href!, page.url()).searchParams.get("edit")!;
  const response = await page.request.post("/Dashboard/Interpreter", { form: { intent: "delete", id: adminId } });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("You cannot delete your own account.");
});
