import { type AdminChatbot, type AdminStats, type AdminUser, type User, userResponseSchema } from "@gallery/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { storeAvatar } from "../src/domain/images/variants.js";
import type { TestApp } from "./support/app.js";
import { createAccount, type Member, setRole, signUp } from "./support/auth.js";
import { createListing, storedKeys, storedListingIds } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { updateUser } from "./support/rows.js";

let app: TestApp;
/** The moderator and the super admin who act in this file's tests. */
let admin: Member;
let superAdmin: Member;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  admin = await signUpAs("admin");
  superAdmin = await signUpAs("superAdmin");
});

type Role = "visitor" | "user" | "admin" | "superAdmin";

async function signUpAs(role: Exclude<Role, "visitor">) {
  const session = await signUp(app);
  if (role !== "user") await setRole(app, session.user.id, role === "admin" ? "admin" : "super-admin");
  return session;
}

async function signUpPending() {
  const session = await signUp(app);
  await updateUser(app, session.user.id, { isApproved: false });
  return session;
}

const userRow = (id: string) => app.database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
const chatbotRow = (id: string) =>
  app.database.db.selectFrom("chatbots").selectAll().where("id", "=", id).executeTakeFirst();

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  cookie?: string,
  body?: ReturnType<typeof multipart>,
) {
  return app.inject({
    method,
    url,
    headers: { ...(body?.headers ?? {}), ...(cookie ? { cookie } : {}) },
    ...(body ? { payload: body.payload } : {}),
  });
}

describe("who may call what (spec section 6)", () => {
  const cookies: Partial<Record<Role, string>> = {};
  beforeAll(async () => {
    cookies.user = (await signUpAs("user")).cookie;
    cookies.admin = (await signUpAs("admin")).cookie;
    cookies.superAdmin = (await signUpAs("superAdmin")).cookie;
  });

  const someListing = async () => (await createListing(app, (await signUp(app)).cookie)).id;
  const editForm = () => multipart({ title: "Edited by an admin", tags: "a, b", nsfw: "false" });

  const CALLS: Array<{
    call: string;
    superOnly?: boolean;
    send: (cookie?: string) => Promise<Awaited<ReturnType<typeof call>>>;
  }> = [
    { call: "GET /api/admin/stats", send: (c) => call("GET", "/api/admin/stats", c) },
    { call: "GET /api/admin/pending-users", send: (c) => call("GET", "/api/admin/pending-users", c) },
    { call: "GET /api/admin/approved-users", send: (c) => call("GET", "/api/admin/approved-users", c) },
    { call: "GET /api/admin/chatbots", send: (c) => call("GET", "/api/admin/chatbots", c) },
    {
      call: "POST /api/admin/approve-user/{id}",
      send: async (c) => call("POST", `/api/admin/approve-user/${(await signUpPending()).user.id}`, c),
    },
    {
      call: "DELETE /api/admin/reject-user/{id}",
      send: async (c) => call("DELETE", `/api/admin/reject-user/${(await signUpPending()).user.id}`, c),
    },
    {
      call: "PUT /api/admin/chatbots/{id}",
      send: async (c) => call("PUT", `/api/admin/chatbots/${await someListing()}`, c, editForm()),
    },
    {
      call: "DELETE /api/admin/chatbots/{id}",
      send: async (c) => call("DELETE", `/api/admin/chatbots/${await someListing()}`, c),
    },
    {
      call: "DELETE /api/admin/users/{id}",
      send: async (c) => call("DELETE", `/api/admin/users/${(await signUp(app)).user.id}`, c),
    },
    {
      call: "POST /api/admin/users/{id}/make-admin",
      superOnly: true,
      send: async (c) => call("POST", `/api/admin/users/${(await signUp(app)).user.id}/make-admin`, c),
    },
    {
      call: "POST /api/admin/users/{id}/remove-admin",
      superOnly: true,
      send: async (c) => call("POST", `/api/admin/users/${(await signUpAs("admin")).user.id}/remove-admin`, c),
    },
    {
      call: "POST /api/admin/migrate-images",
      superOnly: true,
      send: (c) => call("POST", "/api/admin/migrate-images", c),
    },
    {
      call: "POST /api/admin/repair-images",
      superOnly: true,
      send: (c) => call("POST", "/api/admin/repair-images", c),
    },
  ];

  const expected = (role: Role, superOnly: boolean) => {
    if (role === "visitor") return 401;
    if (role === "user") return 403;
    if (role === "admin") return superOnly ? 403 : 200;
    return 200;
  };

  for (const { call: name, superOnly = false, send } of CALLS) {
    for (const role of ["visitor", "user", "admin", "superAdmin"] as const) {
      const status = expected(role, superOnly);
      it(`${name} as ${role}: ${status}`, async () => {
        const response = await send(cookies[role]);
        expect(response.statusCode, response.body).toBe(status);
        if (status === 401) expect(response.json().message).toBe("Unauthorized");
        if (status === 403) {
          expect(response.json().message).toBe(superOnly ? "Super admin access required" : "Admin access required");
        }
      });
    }
  }
});

describe("admin lists and stats", () => {
  it("stats count pending and approved users, all users and all listings", async () => {
    const before = (await call("GET", "/api/admin/stats", admin.cookie)).json() as AdminStats;
    const approved = await signUp(app);
    await signUpPending();
    await createListing(app, approved.cookie, { nsfw: "true" });
    await createListing(app, approved.cookie);
    const after = (await call("GET", "/api/admin/stats", admin.cookie)).json() as AdminStats;
    expect(after).toEqual({
      pendingUsers: before.pendingUsers + 1,
      approvedUsers: before.approvedUsers + 1,
      totalChatbots: before.totalChatbots + 2,
      totalUsers: before.totalUsers + 2,
      openReports: before.openReports,
    });
    const [users] = await Promise.all([app.database.db.selectFrom("users").select("id").execute()]);
    expect(after.totalUsers).toBe(users.length);
  });

  it("pending-users lists only users waiting for approval; approved-users the others", async () => {
    const pending = await signUpPending();
    const approved = await signUp(app);
    const pendingList = (await call("GET", "/api/admin/pending-users", admin.cookie)).json() as User[];
    const approvedList = (await call("GET", "/api/admin/approved-users", admin.cookie)).json() as User[];
    expect(pendingList.map((u) => u.id)).toContain(pending.user.id);
    expect(pendingList.map((u) => u.id)).not.toContain(approved.user.id);
    expect(pendingList.every((u) => !u.isApproved)).toBe(true);
    expect(approvedList.map((u) => u.id)).toContain(approved.user.id);
    expect(approvedList.map((u) => u.id)).not.toContain(pending.user.id);
    expect(approvedList.find((u) => u.id === approved.user.id)).toMatchObject({ email: approved.user.email });
  });

  it("the user lists come a page at a time, newest first, the next page in the Link header", async () => {
    const waiting = [await signUpPending(), await signUpPending(), await signUpPending()].map((s) => s.user.id);
    const first = await call("GET", "/api/admin/pending-users?limit=2", admin.cookie);
    expect(first.statusCode).toBe(200);
    expect((first.json() as User[]).map((u) => u.id)).toEqual([waiting[2], waiting[1]]);
    const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1];
    expect(next).toMatch(/^\/api\/admin\/pending-users\?limit=2&cursor=/);
    const second = (await call("GET", next!, admin.cookie)).json() as User[];
    expect(second[0]?.id).toBe(waiting[0]);

    const viaTrpc = await app.inject({
      method: "GET",
      url: `/trpc/admin.pendingUsers?input=${encodeURIComponent(JSON.stringify({ limit: 2 }))}`,
      headers: { cookie: admin.cookie },
    });
    expect(viaTrpc.json().result.data.items.map((u: User) => u.id)).toEqual([waiting[2], waiting[1]]);
    expect((await call("GET", "/api/admin/approved-users?cursor=nonsense", admin.cookie)).statusCode).toBe(400);
  });

  it("chatbots lists every listing, NSFW too, with the creator's name and e-mail, a page at a time", async () => {
    const creator = await signUp(app);
    await updateUser(app, creator.user.id, { nickname: "Moderated" });
    const nsfw = await createListing(app, creator.cookie, { title: "Night bot", nsfw: "true" });
    const list = (await call("GET", "/api/admin/chatbots", admin.cookie)).json() as AdminChatbot[];
    expect(list.find((c) => c.id === nsfw.id)).toMatchObject({
      title: "Night bot",
      nsfw: true,
      userName: "Moderated",
      userEmail: creator.user.email,
    });

    const first = await call("GET", "/api/admin/chatbots?limit=1", admin.cookie);
    expect(first.json()).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeTruthy();
    const second = (await call("GET", next!, admin.cookie)).json() as AdminChatbot[];
    expect(second[0]!.id).not.toBe((first.json() as AdminChatbot[])[0]!.id);
  });
});

describe("approving and rejecting", () => {
  it("approve makes a pending user approved", async () => {
    const pending = await signUpPending();
    const response = await call("POST", `/api/admin/approve-user/${pending.user.id}`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: pending.user.id, isApproved: true });
    expect((await userRow(pending.user.id))?.isApproved).toBe(true);
  });

  it("approve answers 404 for an unknown user and 400 for a malformed id", async () => {
    const unknown = await call("POST", "/api/admin/approve-user/00000000-0000-4000-8000-000000000000", admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("User not found");
    expect((await call("POST", "/api/admin/approve-user/not-an-id", admin.cookie)).statusCode).toBe(400);
  });

  it("reject deletes a pending user and their identity-provider account", async () => {
    const pending = await signUpPending();
    const response = await call("DELETE", `/api/admin/reject-user/${pending.user.id}`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(await userRow(pending.user.id)).toBeUndefined();
    // The e-mail address is free again at the provider: the account is gone.
    await expect(createAccount(pending.account.email)).resolves.toMatchObject({ email: pending.account.email });
  });

  it("reject refuses a user who is already approved, and keeps them", async () => {
    const approved = await signUp(app);
    const response = await call("DELETE", `/api/admin/reject-user/${approved.user.id}`, admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("This user is not waiting for approval");
    expect(await userRow(approved.user.id)).toBeDefined();
  });
});

describe("managing any listing", () => {
  let owner: Member;
  beforeAll(async () => {
    owner = await signUp(app);
  });

  it("an admin edits another user's listing, with a new image replacing the old one", async () => {
    // An image of its own: the default one is shared with other listings (content-addressed keys).
    const listing = await createListing(
      app,
      owner.cookie,
      { title: "Original", tags: "x" },
      await pngImage(66, 132, "#0000ff"),
    );
    const before = await chatbotRow(listing.id);
    const body = multipart(
      {
        title: "Renamed",
        storySeries: "Saga",
        tags: "one, two ,, three",
        nsfw: "true",
        polybuzzCid: "pb-1",
        polybuzzUrl: "https://polybuzz.ai/bot/1",
        roleplayaCid: "",
        roleplayaUrl: "",
      },
      { name: "image", filename: "new.png", type: "image/png", data: await pngImage(80, 160, "#ff0000") },
    );
    const response = await call("PUT", `/api/admin/chatbots/${listing.id}`, admin.cookie, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: "Renamed",
      storySeries: "Saga",
      tags: ["one", "two", "three"],
      nsfw: true,
      polybuzzCid: "pb-1",
      roleplayaCid: null,
      userId: owner.user.id,
    });
    const after = await chatbotRow(listing.id);
    expect(after?.imageKey).not.toBe(before?.imageKey);
    const keys = await storedKeys(app);
    expect(keys).toContain(after!.imageKey);
    expect(keys).not.toContain(before!.imageKey);
  });

  it("an edit without a file keeps the image; an empty name is refused", async () => {
    const listing = await createListing(app, owner.cookie);
    const kept = await call(
      "PUT",
      `/api/admin/chatbots/${listing.id}`,
      admin.cookie,
      multipart({ title: "Same image" }),
    );
    expect(kept.json().imageUrl).toBe(listing.imageUrl);
    const empty = await call("PUT", `/api/admin/chatbots/${listing.id}`, admin.cookie, multipart({ title: " " }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Title is required");
  });

  it("an admin deletes another user's listing and its images", async () => {
    const listing = await createListing(app, owner.cookie, {}, await pngImage(70, 140, "#00ff00"));
    const row = await chatbotRow(listing.id);
    const response = await call("DELETE", `/api/admin/chatbots/${listing.id}`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(await chatbotRow(listing.id)).toBeUndefined();
    const keys = await storedKeys(app);
    expect(keys).not.toContain(row!.imageKey);
    expect(keys).not.toContain(row!.thumbnailKey);
    expect((await call("DELETE", `/api/admin/chatbots/${listing.id}`, admin.cookie)).statusCode).toBe(404);
  });
});

describe("deleting users", () => {
  it("removes the user, their listings, their images, their avatar, their sessions and their account", async () => {
    const victim = await signUp(app);
    const other = await signUp(app);
    const own = await pngImage(90, 180, "#123456");
    const shared = await pngImage(90, 180, "#abcdef");
    const mine = await createListing(app, victim.cookie, {}, own);
    await createListing(app, victim.cookie, {}, shared);
    // Same bytes, same content-addressed keys: the other user's listing keeps this image alive.
    const theirs = await createListing(app, other.cookie, {}, shared);
    const avatar = await storeAvatar(app.storage, await pngImage(64, 64, "#999999"));
    await updateUser(app, victim.user.id, { avatarKey: avatar.key, avatarUrl: avatar.url });
    const mineRow = await chatbotRow(mine.id);
    const theirsRow = await chatbotRow(theirs.id);

    const response = await call("DELETE", `/api/admin/users/${victim.user.id}`, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);

    expect(await userRow(victim.user.id)).toBeUndefined();
    expect(await storedListingIds(app, victim.user.id)).toEqual([]);
    const keys = await storedKeys(app);
    expect(keys).not.toContain(mineRow!.imageKey);
    expect(keys).not.toContain(mineRow!.thumbnailKey);
    expect(keys).not.toContain(avatar.key);
    expect(keys).toContain(theirsRow!.imageKey);
    expect(keys).toContain(theirsRow!.thumbnailKey);

    const sessions = await app.database.db.selectFrom("session").select("sess").execute();
    expect(sessions.map((s) => JSON.stringify(s.sess))).not.toContainEqual(expect.stringContaining(victim.user.id));
    expect((await call("GET", "/api/auth/user", victim.cookie)).statusCode).toBe(401);
    await expect(createAccount(victim.account.email)).resolves.toMatchObject({ email: victim.account.email });
  });

  it("an admin cannot delete themselves", async () => {
    const response = await call("DELETE", `/api/admin/users/${admin.user.id}`, admin.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You cannot delete your own account");
    expect(await userRow(admin.user.id)).toBeDefined();
  });

  it("nobody deletes a super admin, not even another super admin", async () => {
    const target = await signUpAs("superAdmin");
    for (const cookie of [admin.cookie, superAdmin.cookie]) {
      const response = await call("DELETE", `/api/admin/users/${target.user.id}`, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("A super admin cannot be deleted");
    }
    expect(await userRow(target.user.id)).toBeDefined();
  });

  it("answers 404 for an unknown user", async () => {
    const response = await call("DELETE", "/api/admin/users/00000000-0000-4000-8000-000000000000", admin.cookie);
    expect(response.statusCode).toBe(404);
  });
});

describe("admin rights", () => {
  it("a super admin makes a user an admin and removes it again", async () => {
    const user = await signUp(app);
    const made = await call("POST", `/api/admin/users/${user.user.id}/make-admin`, superAdmin.cookie);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ isAdmin: true, isSuperAdmin: false });
    // The new admin can use the panel at once (roles are read fresh on every request).
    expect((await call("GET", "/api/admin/stats", user.cookie)).statusCode).toBe(200);

    const removed = await call("POST", `/api/admin/users/${user.user.id}/remove-admin`, superAdmin.cookie);
    expect(removed.json()).toMatchObject({ isAdmin: false });
    expect((await userRow(user.user.id))?.isAdmin).toBe(false);
    expect((await call("GET", "/api/admin/stats", user.cookie)).statusCode).toBe(403);
  });

  it("never changes another super admin's rights", async () => {
    const other = await signUpAs("superAdmin");
    for (const action of ["make-admin", "remove-admin"]) {
      const response = await call("POST", `/api/admin/users/${other.user.id}/${action}`, superAdmin.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("A super admin's rights cannot be changed");
    }
    expect(await userRow(other.user.id)).toMatchObject({ isAdmin: true, isSuperAdmin: true });
  });
});

describe("each listed user comes with what the viewer may do (the panel shows only these)", () => {
  const none = { approve: false, reject: false, delete: false, makeAdmin: false, removeAdmin: false };
  // A moderator and a super admin of its own, signed up last: the lists come newest first, a page at a time, and
  // every row this reads must be on the first page.
  let admin: Member;
  let superAdmin: Member;
  let plain: Member;
  let pending: Member;
  beforeAll(async () => {
    admin = await signUpAs("admin");
    superAdmin = await signUpAs("superAdmin");
    plain = await signUpAs("user");
    pending = await signUpPending();
  });

  async function actionsSeenBy(cookie: string) {
    const approved = (await call("GET", "/api/admin/approved-users", cookie)).json() as AdminUser[];
    const waiting = (await call("GET", "/api/admin/pending-users", cookie)).json() as AdminUser[];
    const of = (list: AdminUser[], id: string) => list.find((user) => user.id === id)?.actions;
    return {
      self: of(approved, cookie === admin.cookie ? admin.user.id : superAdmin.user.id),
      superAdmin: of(approved, superAdmin.user.id),
      admin: of(approved, admin.user.id),
      plain: of(approved, plain.user.id),
      pending: of(waiting, pending.user.id),
    };
  }

  it("an admin deletes users and admins, never themselves or a super admin, and changes no rights", async () => {
    expect(await actionsSeenBy(admin.cookie)).toEqual({
      self: none,
      superAdmin: none,
      admin: none, // the admin's own row
      plain: { ...none, delete: true },
      pending: { ...none, approve: true, reject: true, delete: true },
    });
  });

  it("a super admin also grants and removes admin rights, never a super admin's", async () => {
    expect(await actionsSeenBy(superAdmin.cookie)).toEqual({
      self: none,
      superAdmin: none, // the super admin's own row
      admin: { ...none, delete: true, removeAdmin: true },
      plain: { ...none, delete: true, makeAdmin: true },
      pending: { ...none, approve: true, reject: true, delete: true, makeAdmin: true },
    });
  });

  it("the user's own fields stay as they were, and tRPC answers the same", async () => {
    const rest = (await call("GET", "/api/admin/approved-users", superAdmin.cookie)).json() as AdminUser[];
    const row = rest.find((user) => user.id === plain.user.id)!;
    expect(Object.keys(row).sort()).toEqual([...Object.keys(userResponseSchema.shape), "actions"].sort());
    const { actions: _, ...fields } = row;
    expect(userResponseSchema.strict().parse(fields)).toEqual(fields);

    for (const [procedure, path] of [
      ["admin.approvedUsers", "/api/admin/approved-users"],
      ["admin.pendingUsers", "/api/admin/pending-users"],
    ] as const) {
      const trpc = await app.inject({ method: "GET", url: `/trpc/${procedure}`, headers: { cookie: admin.cookie } });
      const viaRest = (await call("GET", path, admin.cookie)).json() as AdminUser[];
      expect(trpc.statusCode, trpc.body).toBe(200);
      expect(trpc.json().result.data.items as User[]).toEqual(viaRest);
    }
  });
});
