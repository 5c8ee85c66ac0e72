// Every kind of read and write a client makes, over real sockets against a listening test app: sign-in,
// uploads (REST multipart and tRPC FormData), edits, each gallery read, pages, images, members' reads and
// writes, moderation, sitemap, health. For tests that change what lies under a running app (idling past
// every timeout, restarting the embedded database) and then check that nothing answers differently.
import type { TestApp } from "./app.js";
import { createAccount, setRole } from "./auth.js";
import { multipart, pngImage } from "./images.js";

export interface Answer {
  status: number;
  body: string;
}
export type Answers = Record<string, Answer>;

/** Starts the app listening on a free loopback port; returns a small fetch client for it. */
export async function listeningClient(app: TestApp) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  const base = `http://127.0.0.1:${address.port}`;
  const call = async (path: string, init: RequestInit & { cookie?: string } = {}): Promise<Answer> => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    // A path, or a URL an answer gave (pictures are named by absolute URL on the origin asked).
    const response = await fetch(new URL(path, base), { ...init, headers });
    return { status: response.status, body: await response.text() };
  };
  /** A sign-in over HTTP (the identity provider, a session row); returns the cookie and the user's id. */
  const signIn = async (idToken: string) => {
    const response = await fetch(`${base}/api/auth/verify`, jsonBody("POST", { idToken }));
    if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
    const user = (await response.json()) as { id: string };
    return { cookie: response.headers.getSetCookie()[0]!.split(";")[0]!, userId: user.id };
  };
  return { base, call, signIn };
}

const jsonBody = (method: string, body: unknown) => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const trpcGet = (path: string, input: unknown) => `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

/**
 * A creator and a super admin, signed in; then `round(name)` runs every kind of call once (creating, using and
 * deleting a listing of its own) and answers each call's status and body by name.
 */
export async function everyKindOfCall(app: TestApp) {
  const { call, signIn } = await listeningClient(app);
  const creator = await signIn((await createAccount()).idToken);
  const moderator = await signIn((await createAccount()).idToken);
  await setRole(app, moderator.userId, "super-admin");
  const image = await pngImage(256, 512);
  const listingForm = (title: string) => {
    const form = multipart(
      {
        title,
        tags: "idle, fantasy",
        nsfw: "false",
        polybuzzCid: "idle-cid",
        polybuzzUrl: "https://polybuzz.ai/c/idle",
      },
      { name: "image", filename: "bot.png", type: "image/png", data: image },
    );
    return { method: "POST", headers: form.headers, body: form.payload };
  };

  async function round(name: string): Promise<Answers> {
    const answers: Answers = {};
    const run = async (label: string, request: () => Promise<Answer>) => {
      answers[label] = await request();
      return answers[label];
    };
    const member = await signIn((await createAccount()).idToken);
    answers["sign-in"] = { status: 200, body: "" };
    const created = await run("create with image (REST)", () =>
      call("/api/chatbots", { ...listingForm(`Round ${name}`), cookie: creator.cookie }),
    );
    const listing = JSON.parse(created.body) as { id: string; imageUrl: string };
    const form = new FormData();
    form.set("title", `Round ${name} (tRPC)`);
    form.set("tags", "idle");
    form.set("nsfw", "false");
    form.set("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "bot.png");
    await run("create with image (tRPC)", () =>
      call("/trpc/chatbots.create", { method: "POST", body: form, cookie: creator.cookie }),
    );
    const edit = multipart({ tagline: `Edited in round ${name}` });
    await run("edit", () =>
      call(`/api/chatbots/${listing.id}`, {
        method: "PUT",
        headers: edit.headers,
        body: edit.payload,
        cookie: creator.cookie,
      }),
    );
    await run("gallery, first page", () => call("/api/chatbots"));
    await run("gallery as a member", () => call("/api/chatbots", { cookie: member.cookie }));
    await run("gallery, popular", () => call("/api/chatbots?sort=popular"));
    await run("gallery, A-Z", () => call("/api/chatbots?sort=az"));
    await run("gallery, search", () => call("/api/chatbots?search=round"));
    await run("gallery, platform", () => call("/api/chatbots?platform[]=polybuzz"));
    await run("gallery, 100 a page", () => call("/api/chatbots?limit=100"));
    await run("gallery (tRPC batch: list, count, tags)", () =>
      call(
        `/trpc/chatbots.list,chatbots.count,chatbots.tags?batch=1&input=${encodeURIComponent('{"0":{},"1":{},"2":{}}')}`,
      ),
    );
    await run("listing", () => call(`/api/chatbots/${listing.id}`));
    await run("listing image", () => call(listing.imageUrl));
    await run("listing page (HTML)", () => call(`/chatbots/${listing.id}`, { redirect: "manual" }));
    await run("home page (HTML)", () => call("/"));
    await run("profile", () => call(`/api/users/${creator.userId}`));
    await run("creator's listings", () => call(`/api/users/${creator.userId}/chatbots`));
    await run("series", () =>
      call(trpcGet("chatbots.series", { creatorId: creator.userId, seriesName: "none" }), { cookie: member.cookie }),
    );
    await run("click-out", () => call(`/go/${listing.id}/polybuzz`, { redirect: "manual" }));
    await run("view", () => call("/trpc/chatbots.recordView", jsonBody("POST", { id: listing.id })));
    await run("save", () => call(`/api/user/favorites/${listing.id}`, { method: "PUT", cookie: member.cookie }));
    await run("saved", () => call("/api/user/favorites", { cookie: member.cookie }));
    await run("follow", () => call(`/api/user/follows/${creator.userId}`, { method: "PUT", cookie: member.cookie }));
    await run("following feed", () => call("/api/user/following", { cookie: member.cookie }));
    await run("safety settings", () =>
      call("/api/user/settings", {
        ...jsonBody("PUT", { blockedTags: ["gore"], nsfwDisplay: "blur" }),
        cookie: member.cookie,
      }),
    );
    await run("gallery for a member with settings", () => call("/api/chatbots", { cookie: member.cookie }));
    await run("own listings", () => call("/api/user/chatbots", { cookie: creator.cookie }));
    await run("own stats", () => call("/api/user/stats", { cookie: creator.cookie }));
    await run("nickname", () =>
      call("/api/user/nickname", { ...jsonBody("PUT", { nickname: `round${name}` }), cookie: member.cookie }),
    );
    await run("admin stats", () => call("/api/admin/stats", { cookie: moderator.cookie }));
    await run("admin listings", () => call("/api/admin/chatbots", { cookie: moderator.cookie }));
    await run("admin users", () => call("/api/admin/approved-users", { cookie: moderator.cookie }));
    await run("sitemap", () => call("/sitemap.xml"));
    await run("sitemap of listings", () => call("/sitemap-listings.xml"));
    await run("feed of newest listings", () => call("/feeds/newest.atom"));
    await run("creator's feed", () => call(`/feeds/creators/${creator.userId}.atom`));
    await run("unfollow", () =>
      call(`/api/user/follows/${creator.userId}`, { method: "DELETE", cookie: member.cookie }),
    );
    await run("unsave", () => call(`/api/user/favorites/${listing.id}`, { method: "DELETE", cookie: member.cookie }));
    await run("delete", () => call(`/api/chatbots/${listing.id}`, { method: "DELETE", cookie: creator.cookie }));
    await run("sign-out", () => call("/api/auth/logout", { method: "POST", cookie: member.cookie }));
    await run("health", () => call("/api/health"));
    return answers;
  }
  return { round };
}

/** The calls that did not answer 2xx or 3xx, with the start of their body. */
export const failures = (answers: Answers) =>
  Object.entries(answers)
    .filter(([, answer]) => answer.status >= 400)
    .map(([name, answer]) => `${name}: ${answer.status} ${answer.body.slice(0, 200)}`);

export const statuses = (answers: Answers) =>
  Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]));
