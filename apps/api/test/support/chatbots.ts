import type { Chatbot } from "@gallery/schema";
import type { TestApp } from "./app.js";
import { multipart, pngImage } from "./images.js";

/** Creates a listing through POST /api/chatbots as the cookie's user. */
export async function createListing(app: TestApp, cookie: string, fields: Record<string, string> = {}, image?: Buffer) {
  const body = multipart(
    { title: "Test Bot", tags: "fantasy, adventure", nsfw: "false", ...fields },
    { name: "image", filename: "bot.png", type: "image/png", data: image ?? (await pngImage()) },
  );
  const response = await app.inject({
    method: "POST",
    url: "/api/chatbots",
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json() as Chatbot;
}

/** The ids of a user's listings as stored (the chatbots table itself, not an answer). */
export async function storedListingIds(app: TestApp, userId: string) {
  const rows = await app.database.db.selectFrom("chatbots").select("id").where("userId", "=", userId).execute();
  return rows.map((row) => row.id);
}

/** Every object key in the test's storage. */
export async function storedKeys(app: TestApp) {
  const keys: string[] = [];
  for await (const key of app.storage.list("")) keys.push(key);
  return keys.sort();
}
