// Issue point 7: writes racing a deletion answer 4xx (404 or 401), never 5xx, and leave nothing
// half-written: every stored image is still used by a row afterwards. Many concurrent attempts, over
// REST and /trpc, against the whole app on PostgreSQL.
import { describe, expect, it } from "vitest";
import type { Deps } from "../src/domain/deps.js";
import { NotFoundError, UnauthorizedError } from "../src/domain/errors.js";
import { createListing as createListingAs, updateListing } from "../src/domain/listings/commands.js";
import { updateAbout, updateAvatar, updateNickname, updateSocialLinks } from "../src/domain/users/profile.js";
import type { TestApp } from "./support/app.js";
import { signUp, signUpAs } from "./support/auth.js";
import { createListing, storedKeys, storedListingIds } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { sendForm } from "./support/requests.js";
import { domainDeps, pngUpload, userRow } from "./support/rows.js";

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  admin = await signUpAs(app, "super-admin");
});

const ROUNDS = 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stored objects no row uses: must be none once the dust settles. */
async function unreferencedKeys() {
  const db = app.database.db;
  const [listings, users] = await Promise.all([
    db.selectFrom("chatbots").select(["imageKey", "thumbnailKey"]).execute(),
    db.selectFrom("users").select("avatarKey").execute(),
  ]);
  const used = new Set([
    ...listings.flatMap((row) => [row.imageKey, row.thumbnailKey]),
    ...users.map((u) => u.avatarKey),
  ]);
  return (await storedKeys(app)).filter((key) => !used.has(key));
}

async function listingBody(title: string, colour: string) {
  return multipart(
    { title, tags: "race", nsfw: "false" },
    { name: "image", filename: "bot.png", type: "image/png", data: await pngImage(40, 80, colour) },
  );
}

/** A distinct flat colour per attempt, so every upload has its own image keys. */
const colour = (round: number, attempt: number) => {
  const hex = (n: number) => (n % 256).toString(16).padStart(2, "0");
  return `#${hex(round * 40 + 7)}${hex(attempt * 29 + 3)}${hex(round * 13 + attempt * 7)}`;
};

/** Create over REST (even attempts) or /trpc (odd ones). */
async function create(cookie: string, round: number, attempt: number) {
  const body = await listingBody(`Race ${round}.${attempt}`, colour(round, attempt));
  const url = attempt % 2 === 0 ? "/api/chatbots" : "/trpc/chatbots.create";
  return app.inject({ method: "POST", url, headers: { ...body.headers, cookie }, payload: body.payload });
}

const deleteUser = (id: string) =>
  app.inject({ method: "DELETE", url: `/api/admin/users/${id}`, headers: { cookie: admin.cookie } });

describe("creating listings while an admin deletes the owner", () => {
  it("answers 401 or 404 for the creates that lose, never 5xx, and leaves no image behind", async () => {
    const statuses = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await signUp(app);
      const attempts = Array.from({ length: 8 }, (_, attempt) => create(owner.cookie, round, attempt));
      const deletion = pause(20 * round).then(() => deleteUser(owner.user.id));
      const [deleted, ...created] = await Promise.all([deletion, ...attempts]);
      expect(deleted.statusCode).toBe(200);
      for (const response of created) {
        statuses.add(response.statusCode);
        expect([200, 201, 401, 404], response.body).toContain(response.statusCode);
      }
      expect(await storedListingIds(app, owner.user.id)).toEqual([]);
    }
    expect(statuses.has(401) || statuses.has(404)).toBe(true);
    expect(await unreferencedKeys()).toEqual([]);
  });
});

describe("PUT /api/chatbots/{id} racing DELETE of the same listing", () => {
  it("answers 200 or 404 to each, never 5xx, and releases the losing upload", async () => {
    const owner = await signUp(app);
    for (let round = 0; round < ROUNDS; round++) {
      const listing = await createListing(app, owner.cookie, { title: `Contested ${round}` });
      const updates = Array.from({ length: 6 }, async (_, attempt) => {
        const body = await listingBody(`Edited ${round}.${attempt}`, colour(round + 5, attempt));
        // The tRPC form names its listing with an `id` field.
        const tagged = multipart(
          { id: listing.id, title: `Edited ${round}.${attempt}` },
          {
            name: "image",
            filename: "bot.png",
            type: "image/png",
            data: await pngImage(40, 80, colour(round + 7, attempt)),
          },
        );
        return attempt % 2 === 0
          ? sendForm(app, "PUT", `/api/chatbots/${listing.id}`, body, owner.cookie)
          : sendForm(app, "POST", "/trpc/chatbots.update", tagged, owner.cookie);
      });
      const deletes = Array.from({ length: 2 }, () =>
        pause(10 * round).then(() =>
          app.inject({ method: "DELETE", url: `/api/chatbots/${listing.id}`, headers: { cookie: owner.cookie } }),
        ),
      );
      const responses = await Promise.all([...updates, ...deletes]);
      for (const response of responses) expect(response.statusCode, response.body).toBeLessThan(500);
      const [firstDelete, secondDelete] = responses.slice(-2).map((response) => response.statusCode);
      expect([firstDelete, secondDelete].sort()).toEqual([200, 404]);
    }
    expect(await unreferencedKeys()).toEqual([]);
  });
});

describe("profile saves racing the deletion of the user", () => {
  it("answers 401 or 404 for the saves that lose, never 5xx, and leaves no avatar behind", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const member = await signUp(app);
      const headers = { cookie: member.cookie };
      const avatar = async (attempt: number) => {
        const body = multipart(
          {},
          {
            name: "avatar",
            filename: "me.png",
            type: "image/png",
            data: await pngImage(32, 32, colour(round + 9, attempt)),
          },
        );
        const url = attempt % 2 === 0 ? "/api/user/avatar" : "/trpc/users.updateAvatar";
        const method = attempt % 2 === 0 ? "PUT" : "POST";
        return app.inject({ method, url, headers: { ...body.headers, ...headers }, payload: body.payload });
      };
      const saves = [
        avatar(0),
        avatar(1),
        avatar(2),
        app.inject({ method: "PUT", url: "/api/user/nickname", headers, payload: { nickname: `racer${round}x` } }),
        app.inject({ method: "PUT", url: "/api/user/about", headers, payload: { about: "Fast." } }),
        app.inject({
          method: "PUT",
          url: "/api/user/social-media",
          headers,
          payload: {
            instagramUrl: "",
            blueskyUrl: "https://bsky.app/profile/racer",
            facebookUrl: "",
            twitterUrl: "",
            kofiUrl: "",
            patreonUrl: "",
          },
        }),
        app.inject({
          method: "POST",
          url: "/trpc/users.updateNickname",
          headers: { ...headers, "content-type": "application/json" },
          payload: JSON.stringify({ nickname: `racer${round}y` }),
        }),
        app.inject({
          method: "POST",
          url: "/trpc/users.updateAbout",
          headers: { ...headers, "content-type": "application/json" },
          payload: JSON.stringify({ about: "Faster." }),
        }),
      ];
      const deletion = pause(15 * round).then(() => deleteUser(member.user.id));
      const [deleted, ...responses] = await Promise.all([deletion, ...saves]);
      expect(deleted.statusCode).toBe(200);
      for (const response of responses) {
        expect([200, 401, 404], response.body).toContain(response.statusCode);
      }
    }
    expect(await unreferencedKeys()).toEqual([]);
  });
});

describe("the same races, made certain (the row goes between the check and the write)", () => {
  const deps = () => domainDeps(app);
  const upload = (colour: string) => pngUpload(colour, 36, 72);

  it("a member deleted after their request loaded them: every save is Unauthorized, nothing stored", async () => {
    const member = await signUp(app);
    const stale = await userRow(app, member.user.id);
    expect((await deleteUser(member.user.id)).statusCode).toBe(200);
    const before = await storedKeys(app);
    const attempts = [
      createListingAs(deps(), stale, {
        fields: { title: "Ghost", tags: [], nsfw: false },
        image: await upload("#0a0b0c"),
      }),
      updateAvatar(deps(), stale, { avatar: await upload("#0c0b0a") }),
      updateNickname(deps(), stale, { nickname: "ghostly" }),
      updateAbout(deps(), stale, { about: "Gone." }),
      updateSocialLinks(deps(), stale, { blueskyUrl: "https://bsky.app/profile/ghost" }),
    ];
    for (const result of await Promise.allSettled(attempts)) {
      expect(result.status).toBe("rejected");
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(UnauthorizedError);
    }
    expect(await storedKeys(app)).toEqual(before);
  });

  it("a listing deleted after an edit found it: the edit is Not Found and its upload released", async () => {
    const owner = await signUp(app);
    const listing = await createListing(app, owner.cookie, { title: "Fleeting" });
    const viewer = await userRow(app, owner.user.id);
    // The listing is deleted right after the edit's check found it, before the edit writes.
    const deleteAfterRead = <T extends object>(builder: T): T =>
      new Proxy(builder, {
        get(inner, name) {
          const value = Reflect.get(inner, name);
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            const next = value.apply(inner, args);
            if (name === "executeTakeFirst") {
              return next.then(async (row: unknown) => {
                await app.database.db.deleteFrom("chatbots").where("id", "=", listing.id).execute();
                return row;
              });
            }
            return next && typeof next === "object" && "executeTakeFirst" in next ? deleteAfterRead(next) : next;
          };
        },
      });
    const racing: Deps = {
      ...deps(),
      db: new Proxy(app.database.db, {
        get(target, property) {
          if (property === "selectFrom") return (table: "chatbots") => deleteAfterRead(target.selectFrom(table));
          const value = Reflect.get(target, property);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    };
    const before = await storedKeys(app);
    await expect(
      updateListing(racing, viewer, { id: listing.id, fields: { title: "Too late" }, image: await upload("#0d0e0f") }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const after = await storedKeys(app);
    // Only the deleted listing's own images may still be there (its deletion here skipped the release).
    expect(after.filter((key) => !before.includes(key))).toEqual([]);
  });
});
