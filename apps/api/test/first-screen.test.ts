// Issue 26 item 4: the plain gallery's page comes with its first screen drawn inside the app's element, from the
// answers it carries (the real drawer, apps/web src/entry-server.tsx, is tested there and in e2e/phone.spec.ts;
// here a stand-in that writes down what it was given shows the api's side).
import { PLAIN_GALLERY_READS } from "@gallery/schema";
import { describe, expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { fakeWebDist } from "./support/web-dist.js";

// Draws the reads' paths and the first page's titles; a read whose title asks for it fails the drawing.
const DRAWER = `
globalThis.drawings = (globalThis.drawings ?? 0);
export async function drawPage(url, reads, request) {
  globalThis.drawings += 1;
  const titles = reads[0].data.items.map((item) => item.title);
  if (titles.includes("Fails to draw")) throw new Error("drawing failed");
  return "<main data-drawn-for=\\"" + url + "\\" data-member=\\"" + request.signedIn + "\\">" + reads.map((read) => read.path).join(",") + "|" + titles.join(",") + "</main>";
}
`;
test.override("appEnv", { WEB_DIST: fakeWebDist({ drawer: DRAWER }) });

const drawings = () => (globalThis as unknown as { drawings: number }).drawings;
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\n?\s*<\/body>/s.exec(html)?.[1];

let app: TestApp;
let member: Awaited<ReturnType<typeof signUp>>;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  member = await signUp(app);
  await createListing(app, member.cookie, { title: "Drawn Bot" });
});
const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

describe("the plain gallery's first screen", () => {
  it("is drawn inside the app's element from every carried answer", async () => {
    const page = await get("/");
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toBe(
      `<main data-drawn-for="/" data-member="false">${PLAIN_GALLERY_READS.map((read) => read.path).join(",")}|Drawn Bot</main>`,
    );
  });

  it("is drawn once for every visitor while the gallery is unchanged, and again after a change", async () => {
    await get("/");
    const before = drawings();
    for (let visit = 0; visit < 3; visit++) expect(rootOf((await get("/")).body)).toContain("Drawn Bot");
    expect(drawings()).toBe(before);
    await createListing(app, member.cookie, { title: "Newer Bot" });
    expect(rootOf((await get("/")).body)).toContain("Newer Bot,Drawn Bot");
    expect(drawings()).toBe(before + 1);
  });

  it("is a member's own (their answers), and not drawn for another view of the gallery", async () => {
    await createListing(app, member.cookie, { title: "Member Only Bot", nsfw: "true" });
    const own = rootOf((await get("/", member.cookie)).body);
    expect(own).toContain("Member Only Bot");
    expect(own).toContain('data-member="true"');
    expect(rootOf((await get("/")).body)).not.toContain("Member Only Bot");
    for (const url of ["/?search=drawn", "/?tags=fantasy", "/?view=following", "/?sort=popular"])
      expect(rootOf((await get(url)).body), url).toBe("");
  });

  it("leaves the page to the app when the drawing fails (the page is still served)", async () => {
    await createListing(app, member.cookie, { title: "Fails to draw" });
    const page = await get("/");
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toBe("");
    expect(page.body).toContain('<script id="first-reads"');
  });

  it("is the server's code: the drawer's file is not served", async () => {
    expect((await get("/server/entry-server.js")).statusCode).toBe(404);
  });
});
