import { sql } from "@gallery/db";
import { describe, expect } from "vitest";
import type { TestApp } from "../support/app.js";
import { signUp, signUpAs } from "../support/auth.js";
import { createListing } from "../support/chatbots.js";
import { test } from "../support/fixtures.js";
import { multipart, pngImage } from "../support/images.js";
import { fakeWebDist } from "../support/web-dist.js";

/**
 * Issue 36 item 5, open redirect through `/go`: a platform URL could point anywhere, and `/go/{id}/polybuzz`
 * answered 302 to `https://evil.example/phish` under our address. A platform's URL must now lead to one of the
 * platform's hosts (PLATFORM_REGISTRY): anything else is refused on create and edit, member's and moderator's,
 * over REST and tRPC, with a message naming the field; a row stored before (forced into the database here, as an
 * old row would be) is a dead link at `/go`, never a redirect off the platform, and is not counted.
 */

test.override("appEnv", { WEB_DIST: fakeWebDist() });

const NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PHISH = "https://evil.example/phish";
const POLYBUZZ_MESSAGE = "Polybuzz URL must be a link to polybuzz.ai";
const ROLEPLAYA_MESSAGE = "Roleplaya URL must be a link to roleplaya.com";

/** Links that are URLs but lead off the platform, however they dress up as it. */
const LOOKALIKES = [
  PHISH,
  "https://polybuzz.ai.evil.example/c/1",
  "https://evilpolybuzz.ai/c/1",
  "https://polybuzz.ai@evil.example/",
  "https://polybuzz.ai:443@evil.example/",
  "https://polybuzz.ai\\@evil.example",
  "https://evil.example\\.polybuzz.ai/",
  "https://polybuzz%2eai/c/1",
  "https://polybuzz.ai./c/1",
  "https://roleplaya.com/c/1",
];

let app: TestApp;
let creator: Awaited<ReturnType<typeof signUp>>;
let moderator: Awaited<ReturnType<typeof signUp>>;
let image: Buffer;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  creator = await signUp(app);
  moderator = await signUpAs(app, "admin");
  image = await pngImage();
});

type Answer = { status: number; message: string | undefined; fieldErrors?: Record<string, string[]> | undefined };

/** A listing form sent as the web and REST clients send it (multipart), with the picture when asked. */
async function send(method: "POST" | "PUT", url: string, fields: Record<string, string>, withImage: boolean) {
  const body = multipart(
    fields,
    withImage ? { name: "image", filename: "bot.png", type: "image/png", data: image } : undefined,
  );
  const cookie = url.includes("admin") ? moderator.cookie : creator.cookie;
  return app.inject({ method, url, headers: { ...body.headers, cookie }, payload: body.payload });
}

/** The same form over REST and over tRPC; each answer's status and message (and tRPC's field errors). */
async function overBoth(
  call: "create" | "edit" | "moderate",
  fields: Record<string, string>,
  id?: string,
): Promise<{ rest: Answer; trpc: Answer }> {
  const rest =
    call === "create"
      ? await send("POST", "/api/chatbots", fields, true)
      : await send("PUT", call === "edit" ? `/api/chatbots/${id}` : `/api/admin/chatbots/${id}`, fields, false);
  const procedure = { create: "chatbots.create", edit: "chatbots.update", moderate: "admin.updateChatbot" }[call];
  const trpc = await send("POST", `/trpc/${procedure}`, id ? { ...fields, id } : fields, call === "create");
  const trpcError = trpc.json().error as
    | { message: string; data: { httpStatus: number; fieldErrors?: Record<string, string[]> } }
    | undefined;
  return {
    rest: { status: rest.statusCode, message: rest.json().message },
    trpc: { status: trpc.statusCode, message: trpcError?.message, fieldErrors: trpcError?.data.fieldErrors },
  };
}

/** Whether the listing's stored links are still what they were. */
async function storedLinks(id: string) {
  return app.database.db
    .selectFrom("chatbots")
    .select(["polybuzzUrl", "roleplayaUrl"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** A listing stored before links were checked: written straight into the database, as an old row is. */
async function oldRow(polybuzzUrl: string, roleplayaUrl: string | null = null) {
  const row = await app.database.db
    .insertInto("chatbots")
    .values({ title: "Old Listing", userId: creator.user.id, polybuzzUrl, roleplayaUrl })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const clickOut = (id: string, platform: string, accept?: string) =>
  app.inject({
    method: "GET",
    url: `/go/${id}/${platform}`,
    headers: { "user-agent": BROWSER, ...(accept ? { accept } : {}) },
  });

async function clicksCounted(id: string) {
  await app.listingStats.flush();
  const { rows } = await sql<{ n: number }>`
    SELECT COALESCE(sum(count), 0)::int AS n FROM listing_stats_daily WHERE chatbot_id = ${id}`.execute(
    app.database.db,
  );
  return rows[0]!.n;
}

describe("a platform URL off the platform is refused, naming the field", () => {
  test("create: the demonstrated phishing link, 400 over REST and tRPC, nothing stored", async () => {
    const before = await app.database.db.selectFrom("chatbots").select("id").execute();
    const { rest, trpc } = await overBoth("create", { title: "Phish", polybuzzUrl: PHISH });
    expect(rest).toEqual({ status: 400, message: POLYBUZZ_MESSAGE });
    expect(trpc).toEqual({ status: 400, message: POLYBUZZ_MESSAGE, fieldErrors: { polybuzzUrl: [POLYBUZZ_MESSAGE] } });
    const roleplaya = await overBoth("create", { title: "Phish", roleplayaUrl: PHISH });
    expect(roleplaya.rest).toEqual({ status: 400, message: ROLEPLAYA_MESSAGE });
    expect(roleplaya.trpc.message).toBe(ROLEPLAYA_MESSAGE);
    expect(await app.database.db.selectFrom("chatbots").select("id").execute()).toEqual(before);
  });

  test.for(LOOKALIKES)("create, member edit and moderator edit refuse %s", async (link) => {
    const listing = await createListing(app, creator.cookie, { polybuzzUrl: "https://www.polybuzz.ai/c/mine" });
    for (const call of ["create", "edit", "moderate"] as const) {
      const fields: Record<string, string> =
        call === "create" ? { title: "Lookalike", polybuzzUrl: link } : { polybuzzUrl: link };
      const { rest, trpc } = await overBoth(call, fields, listing.id);
      expect(rest, `${call} over REST`).toEqual({ status: 400, message: POLYBUZZ_MESSAGE });
      expect(trpc, `${call} over tRPC`).toMatchObject({ status: 400, message: POLYBUZZ_MESSAGE });
    }
    expect(await storedLinks(listing.id)).toEqual({
      polybuzzUrl: "https://www.polybuzz.ai/c/mine",
      roleplayaUrl: null,
    });
  });

  test("what is not a link keeps its message: 'Must be a valid URL'", async () => {
    const listing = await createListing(app, creator.cookie);
    for (const link of ["javascript:alert(document.cookie)", "polybuzz.ai/c/1", "//evil.example/phish"]) {
      const { rest, trpc } = await overBoth("edit", { polybuzzUrl: link }, listing.id);
      expect(rest, link).toEqual({ status: 400, message: "Must be a valid URL" });
      expect(trpc.message, link).toBe("Must be a valid URL");
    }
  });

  test("links to the platform are kept: its host and subdomains, http or https, any case", async () => {
    const created = await createListing(app, creator.cookie, {
      polybuzzUrl: "https://www.polybuzz.ai/character/chat/pb-1",
      roleplayaUrl: "https://roleplaya.com/chat/rp-1",
    });
    expect(created).toMatchObject({
      polybuzzUrl: "https://www.polybuzz.ai/character/chat/pb-1",
      roleplayaUrl: "https://roleplaya.com/chat/rp-1",
    });
    const edit = await send("PUT", `/api/chatbots/${created.id}`, { polybuzzUrl: "HTTP://Polybuzz.AI/c/2" }, false);
    expect(edit.statusCode, edit.body).toBe(200);
    const moderated = await send(
      "PUT",
      `/api/admin/chatbots/${created.id}`,
      { roleplayaUrl: "https://app.roleplaya.com/c/3" },
      false,
    );
    expect(moderated.statusCode, moderated.body).toBe(200);
    expect(await storedLinks(created.id)).toEqual({
      polybuzzUrl: "HTTP://Polybuzz.AI/c/2",
      roleplayaUrl: "https://app.roleplaya.com/c/3",
    });
  });
});

describe("/go never leads off the platform", () => {
  test("an old row with the demonstrated link: 404 (the dead-link page in a browser), no redirect, not counted", async () => {
    const id = await oldRow(PHISH);
    const api = await clickOut(id, "polybuzz");
    expect(api.statusCode).toBe(404);
    expect(api.headers.location).toBeUndefined();
    expect(api.json()).toMatchObject({ message: "Chatbot not found" });
    const page = await clickOut(id, "polybuzz", NAVIGATION);
    expect(page.statusCode).toBe(404);
    expect(page.headers.location).toBeUndefined();
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("This link no longer works");
    expect(page.body).not.toContain("evil.example");
    expect(await clicksCounted(id)).toBe(0);
  });

  test.for(LOOKALIKES)("an old row holding %s is not followed", async (link) => {
    const id = await oldRow(link);
    const answer = await clickOut(id, "polybuzz");
    expect(answer.statusCode).toBe(404);
    expect(answer.headers.location).toBeUndefined();
    expect(await clicksCounted(id)).toBe(0);
  });

  test("an old row's proper link is still followed: 302 to the platform, counted", async () => {
    const id = await oldRow("https://www.polybuzz.ai/character/chat/pb-7", PHISH);
    const proper = await clickOut(id, "polybuzz");
    expect(proper.statusCode).toBe(302);
    expect(proper.headers.location).toBe("https://www.polybuzz.ai/character/chat/pb-7");
    // The same listing's foreign Roleplaya link stays dead.
    expect((await clickOut(id, "roleplaya")).statusCode).toBe(404);
    expect(await clicksCounted(id)).toBe(1);
  });
});
