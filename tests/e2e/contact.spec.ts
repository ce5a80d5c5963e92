// The contact form on /Contactus and the staff inbox, in real Chromium, with JavaScript on and off,
// against the built worker relaying to a fake EmailJS. Serial: one test makes the fake fail.
import type { Page } from "@playwright/test";
import { axeViolations } from "./support";
import { ADMIN, expect, mailbox, setMailMode, signIn, test, unique } from "./fixtures";

test.describe.configure({ mode: "serial" });

async function fillContactForm(page: Page, message: { name: string; email: string; subject: string; text: string }) {
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Your name").fill(message.name);
  await form.getByLabel("Your email").fill(message.email);
  await form.getByLabel("Subject").fill(message.subject);
  await form.getByLabel("Message", { exact: true }).fill(message.text);
  await form.getByRole("button", { name: "Send message" }).click();
}

async function relayed(subject: string) {
  let fields: Record<string, string> | undefined;
  await expect
    .poll(async () => {
      fields = (await mailbox()).find((mail) => mail.mode === "ok" && mail.fields.subject === subject)?.fields;
      return fields;
    })
    .toBeTruthy();
  return fields!;
}

const sample = () => ({
  name: "Ana Díaz",
  email: "ana@example.com",
  subject: `Interpreter for Monday ${unique()}`,
  text: "Hello,\nwe need a Spanish interpreter on Monday at 9 am.",
});

test("with JavaScript: sent in place, a toast, the form reset, and the e-mail relayed with the exact fields", async ({ page }) => {
  const message = sample();
  await page.goto("/Contactus");
  await fillContactForm(page, message);
  await expect(page.getByRole("status").filter({ hasText: "Successfully The Email Is Sended!" })).toBeVisible();
  await expect(page).toHaveURL("/Contactus");
  await expect(page.getByLabel("Your name")).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

  const fields = await relayed(message.subject);
  expect(fields).toEqual({
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.text,
    lib_version: "4.4.1",
    service_id: "service_e2e",
    template_id: "template_contact",
    user_id: "public-key-e2e",
    accessToken: "private-key-e2e",
  });
});

test("with JavaScript: the server's field messages appear next to their fields", async ({ page }) => {
  await page.goto("/Contactus");
  // Spaces pass the browser's `required` check; the server trims them and says what is missing.
  await fillContactForm(page, { ...sample(), subject: "   ", text: "   " });
  const form = page.getByRole("form", { name: "Send us a message" });
  await expect(form.getByText("Please enter a subject.")).toBeVisible();
  await expect(form.getByText("Please enter a message.")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a subject." })).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Subject")).toHaveAccessibleDescription("Please enter a subject.");
  await expect(page.getByLabel("Subject")).toBeFocused();
  await expect(page.getByLabel("Your name")).toHaveValue("Ana Díaz");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the post redirects back with the success message and an empty form", async ({ page }) => {
    const message = sample();
    await page.goto("/Contactus");
    await fillContactForm(page, message);
    await expect(page).toHaveURL("/Contactus#contact-form");
    await expect(page.getByRole("status").filter({ hasText: "Successfully The Email Is Sended!" })).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("");
    await relayed(message.subject);
  });

  test("invalid input comes back with its messages and nothing typed is lost", async ({ page }) => {
    await page.goto("/Contactus");
    const message = { ...sample(), text: "   " };
    await fillContactForm(page, message);
    await expect(page.getByText("Please enter a message.")).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue(message.name);
    await expect(page.getByLabel("Subject")).toHaveValue(message.subject);
    expect((await mailbox()).some((mail) => mail.fields.subject === message.subject)).toBe(false);
  });
});

test("the inbox shows every message; a failed e-mail waits, and Retry now sends it", async ({ page, browser }) => {
  const message = sample();
  await setMailMode("template_contact", "500");
  try {
    const visitor = await browser.newPage();
    await visitor.goto("/Contactus");
    await fillContactForm(visitor, message);
    // Stored, so the visitor is told it is on its way even though the e-mail failed.
    await expect(visitor.getByRole("status").filter({ hasText: "Successfully The Email Is Sended!" })).toBeVisible();
    await visitor.close();

    await signIn(page, ADMIN.email);
    await expect(page.getByRole("link", { name: /^Inbox, \d+ unread$/ })).toBeVisible();
    await page.getByRole("link", { name: /^Inbox/ }).click();
    const card = page.getByRole("article", { name: new RegExp(message.subject) });
    await expect(card).toContainText("Waiting to be sent");
    await expect(card).toContainText("500: EmailJS is having trouble. Will retry.");
    await expect(card).toContainText(message.text.split("\n")[0]!);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await setMailMode("template_contact", "ok");
  }
  const card = page.getByRole("article", { name: new RegExp(message.subject) });
  await card.getByRole("button", { name: "Retry now" }).click();
  await expect(page.getByText(`Sending “${message.subject}” again.`)).toBeVisible();
  await relayed(message.subject);
  await page.reload();
  await expect(page.getByRole("article", { name: new RegExp(message.subject) })).toContainText("Sent");

  // Read, then delete after a confirmation.
  await card.getByRole("button", { name: "Mark as read" }).click();
  await expect(card.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await card.getByRole("link", { name: new RegExp(`^Delete ${message.subject}`) }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText(`Message “${message.subject}” deleted.`)).toBeVisible();
  await expect(page.getByRole("article", { name: new RegExp(message.subject) })).toHaveCount(0);
});
