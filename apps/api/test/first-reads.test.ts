// Issue 26 item 4: the plain gallery's page carries the answers to its first reads (the same the web would
// ask /trpc for) and preloads the first rail's pictures a phone shows at once.
import { type AnsweredRead, FIRST_RAIL_EAGER_PICTURES, PLAIN_GALLERY_READS } from "@gallery/schema";
import { describe, expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { pngImage } from "./support/images.js";
import { fakeWebDist } from "./support/web-dist.js";

const PUBLIC_URL = "https://gallery.example";
test.override("appEnv", { WEB_DIST: fakeWebDist(), PUBLIC_URL });

let app: TestApp;
let member: Awaited<ReturnType<typeof signUp>>;
const HOSTILE = "</script><script>alert(1)</script>";
const SECRET = "Velvet Secret";

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  member = await signUp(app);
  for (let i = 0; i < 4; i++)
    await createListing(
      app,
      member.cookie,
      { title: `Rail Bot ${i}` },
      await pngImage(40, 60, `hsl(${i * 80}, 60%, 50%)`),
    );
  await createListing(app, member.cookie, { title: HOSTILE });
  await createListing(app, member.cookie, { title: SECRET, nsfw: "true" }, await pngImage(40, 60, "#b00020"));
});

const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const firstReadsOf = (html: string): AnsweredRead[] | undefined => {
  const json = /<script id="first-reads" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
};
/** What /trpc answers to one read, as the web would ask for it. */
const trpcAnswer = async (read: AnsweredRead, cookie?: string) =>
  (await get(`/trpc/${read.path}?input=${encodeURIComponent(JSON.stringify(read.input))}`, cookie)).json().result.data;

describe("a listing's page", () => {
  it("carries the listing's answer (chatbots.byId), the same /trpc gives, for a visitor and for a member", async () => {
    const listing = ((await get("/api/chatbots")).json() as Array<{ id: string }>)[0]!;
    const page = await get(`/chatbots/${listing.id}`);
    const path = page.headers.location as string;
    for (const cookie of [undefined, member.cookie]) {
      const reads = firstReadsOf((await get(path, cookie)).body);
      expect(reads?.map(({ path, input }) => ({ path, input }))).toEqual([
        { path: "chatbots.byId", input: { id: listing.id } },
      ]);
      expect(reads![0]!.data).toEqual(await trpcAnswer(reads![0]!, cookie));
    }
  });
});

describe("the plain gallery's page", () => {
  it("carries the answers to every first read, the same /trpc gives, and preloads the first rail's pictures", async () => {
    const page = await get("/");
    expect(page.statusCode).toBe(200);
    const reads = firstReadsOf(page.body);
    expect(reads?.map(({ path, input, infinite }) => ({ path, input, infinite }))).toEqual(PLAIN_GALLERY_READS);
    for (const read of reads ?? []) expect(read.data, read.path).toEqual(await trpcAnswer(read));
    const [trending] = reads!.find((read) => read.path === "chatbots.rails")!.data as Array<{
      id: string;
      items: Array<{ title: string; thumbnailUrl: string }>;
    }>;
    expect(trending!.id).toBe("trending");
    const pictures = trending!.items.slice(0, FIRST_RAIL_EAGER_PICTURES).map((item) => item.thumbnailUrl);
    expect(pictures).toHaveLength(FIRST_RAIL_EAGER_PICTURES);
    for (const picture of pictures) {
      expect(picture.startsWith(`${PUBLIC_URL}/images/`)).toBe(true);
      expect(page.body).toContain(`<link rel="preload" as="image" href="${picture}" fetchpriority="high" />`);
    }
    expect(page.body.match(/rel="preload" as="image"/g)).toHaveLength(FIRST_RAIL_EAGER_PICTURES);
  });

  it("gives a visitor the visitor's answers (no NSFW listing) and a member their own", async () => {
    const visitor = firstReadsOf((await get("/")).body)!;
    expect(JSON.stringify(visitor)).not.toContain(SECRET);
    const own = firstReadsOf((await get("/", member.cookie)).body)!;
    for (const read of own) expect(read.data, read.path).toEqual(await trpcAnswer(read, member.cookie));
    expect(JSON.stringify(own)).toContain(SECRET);
  });

  it("keeps a hostile title as data: the script cannot be closed from inside", async () => {
    const page = (await get("/")).body;
    expect(page).not.toContain(HOSTILE);
    const titles = (firstReadsOf(page)![0]!.data as { items: Array<{ title: string }> }).items.map(
      (item) => item.title,
    );
    expect(titles).toContain(HOSTILE);
  });

  it("is the only page that carries them: a search, a tag view or the Following view asks for its own", async () => {
    for (const url of ["/?search=rail", "/?tags=fantasy", "/?view=following", "/?sort=popular"]) {
      const page = await get(url, member.cookie);
      expect(page.statusCode, url).toBe(200);
      expect(firstReadsOf(page.body), url).toBeUndefined();
      expect(page.body, url).not.toContain('rel="preload" as="image"');
    }
  });
});
