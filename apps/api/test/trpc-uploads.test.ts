// Uploads over /trpc as any typed client makes them: @trpc/client with the web's splitLink (FormData
// through httpLink, the rest batched), over real HTTP, with the session cookie of a signed-in user.
import { request as httpRequest } from "node:http";
import { chatbotResponseSchema, userResponseSchema } from "@gallery/schema";
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  isNonJsonSerializable,
  splitLink,
  TRPCClientError,
} from "@trpc/client";
import { describe, expect, it } from "vitest";
import type { AppRouter } from "../src/trpc/router.js";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { storedKeys } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { pngImage } from "./support/images.js";
import { listeningOrigin } from "./support/requests.js";

let app: TestApp;
let url: string;
let member: Awaited<ReturnType<typeof signUp>>;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  url = `${await listeningOrigin(app)}/trpc`;
  member = await signUp(app);
});

/** A typed client as the web makes it; `cookie` is the session (none: a visitor). */
function client(cookie?: string) {
  const headers = () => (cookie ? { cookie } : {});
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url, headers }),
        false: httpBatchLink({ url, headers }),
      }),
    ],
  });
}

async function listingForm(fields: Record<string, string>, image?: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "bot.png");
  return form;
}

/** The error a call failed with: its tRPC code, HTTP status and message. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  const { data, message } = error as TRPCClientError<AppRouter>;
  return { code: data?.code, status: data?.httpStatus, message };
}

describe("chatbots.create over /trpc (FormData)", () => {
  it("creates a listing with its image and answers the listing", async () => {
    const form = await listingForm(
      { title: "Night Owl", tags: "mystery, noir", nsfw: "false", polybuzzUrl: "" },
      await pngImage(),
    );
    const created = chatbotResponseSchema.parse(await client(member.cookie).chatbots.create.mutate(form));
    expect(created).toMatchObject({ title: "Night Owl", tags: ["mystery", "noir"], nsfw: false, polybuzzUrl: null });
    expect(created.userId).toBe(member.user.id);
    expect(created.thumbnailUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/thumbnails\//);

    const page = await client(member.cookie).chatbots.mine.query();
    expect(page.items.map((item) => item.id)).toContain(created.id);
  });

  it("answers BAD_REQUEST 'Please select an image file.' without an image", async () => {
    const form = await listingForm({ title: "No Picture", tags: "", nsfw: "false" });
    expect(await failure(client(member.cookie).chatbots.create.mutate(form))).toEqual({
      code: "BAD_REQUEST",
      status: 400,
      message: "Please select an image file.",
    });
  });

  it("validates the fields with the shared schema (the first message)", async () => {
    const form = await listingForm({ title: "  ", nsfw: "false" }, await pngImage());
    expect(await failure(client(member.cookie).chatbots.create.mutate(form))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Title is required",
    });
    const bad = await listingForm({ title: "Rated", nsfw: "maybe" }, await pngImage());
    expect(await failure(client(member.cookie).chatbots.create.mutate(bad))).toMatchObject({
      message: "nsfw must be true or false",
    });
  });

  it("turns visitors away (UNAUTHORIZED) and stores nothing", async () => {
    const before = await storedKeys(app);
    const form = await listingForm({ title: "Sneaky", nsfw: "false" }, await pngImage(30, 60, "#123456"));
    expect(await failure(client().chatbots.create.mutate(form))).toMatchObject({
      code: "UNAUTHORIZED",
      status: 401,
      message: "Unauthorized",
    });
    expect(await storedKeys(app)).toEqual(before);
  });

  it("refuses a FormData body over the bound with 413 'Image size must be less than 5MB.'", async () => {
    const form = new FormData();
    form.append("title", "Huge");
    form.append("image", new Blob([new Uint8Array(6 * 1024 * 1024)], { type: "image/png" }), "huge.png");
    expect(await failure(client(member.cookie).chatbots.create.mutate(form))).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      status: 413,
      message: "Image size must be less than 5MB.",
    });
  });

  it("stops reading an undeclared (chunked) body once it passes the bound", async () => {
    const { status, body, sent } = await chunkedUpload(member.cookie, 64 * 1024 * 1024);
    expect(status).toBe(413);
    expect(JSON.parse(body).error.message).toBe("Image size must be less than 5MB.");
    // The server answered long before the whole body was sent.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });
});

describe("chatbots.update over /trpc (FormData)", () => {
  it("changes only the fields sent, and the image when one is sent", async () => {
    const created = await client(member.cookie).chatbots.create.mutate(
      await listingForm({ title: "Before", tags: "a", storySeries: "Saga", nsfw: "false" }, await pngImage()),
    );
    const renamed = chatbotResponseSchema.parse(
      await client(member.cookie).chatbots.update.mutate(await listingForm({ id: created.id, title: "After" })),
    );
    expect(renamed).toMatchObject({ title: "After", tags: ["a"], storySeries: "Saga", imageUrl: created.imageUrl });

    const repictured = await client(member.cookie).chatbots.update.mutate(
      await listingForm({ id: created.id, storySeries: "" }, await pngImage(50, 100, "#00ff00")),
    );
    expect(repictured.storySeries).toBeNull();
    expect(repictured.imageUrl).not.toBe(created.imageUrl);
  });
});

describe("users.updateAvatar over /trpc (FormData)", () => {
  it("stores the avatar and answers the user", async () => {
    const form = new FormData();
    form.append(
      "avatar",
      new Blob([new Uint8Array(await pngImage(80, 80, "#ff8800"))], { type: "image/png" }),
      "me.png",
    );
    const user = userResponseSchema.parse(await client(member.cookie).users.updateAvatar.mutate(form));
    expect(user.id).toBe(member.user.id);
    expect(user.avatarUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/avatars\/[a-f0-9]{64}\.webp$/);
    const image = await fetch(new URL(user.avatarUrl!, url));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
  });

  it("answers BAD_REQUEST without a file, UNAUTHORIZED for visitors", async () => {
    expect(await failure(client(member.cookie).users.updateAvatar.mutate(new FormData()))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Please select a JPEG, PNG, or WebP image.",
    });
    const form = new FormData();
    form.append("avatar", new Blob([new Uint8Array(await pngImage())], { type: "image/png" }), "me.png");
    expect(await failure(client().users.updateAvatar.mutate(form))).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("refuses a file that is not an image", async () => {
    const form = new FormData();
    form.append("avatar", new Blob(["not an image"], { type: "image/png" }), "me.png");
    expect(await failure(client(member.cookie).users.updateAvatar.mutate(form))).toMatchObject({
      code: "BAD_REQUEST",
      message: "The file is not a readable image. Please select a JPG, PNG or WebP image.",
    });
  });
});

/** A multipart POST to chatbots.create sent in chunks without a length, until the server answers. */
function chunkedUpload(cookie: string, total: number) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    const boundary = "----gallery-chunked";
    const request = httpRequest(`${url}/chatbots.create`, {
      method: "POST",
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" },
    });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, sent });
      });
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return request.once("drain", pump);
      }
      if (!answered) request.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}
