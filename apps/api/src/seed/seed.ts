import type { Database } from "@gallery/db";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { storeChatbotImage } from "../domain/images/variants.js";
import type { ObjectStorage } from "../services/storage.js";
import { ABOUTS, ADJECTIVES, FIRST_NAMES, LAST_NAMES, ROLES, SERIES, TAGS } from "./demo-data.js";

/** A small deterministic generator, so every fresh install shows the same gallery. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

/** A 512x1024 poster: a two-colour gradient with a few soft shapes (no text, so no fonts needed). */
function posterSvg(hueA: number, hueB: number, shapes: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="512" height="1024">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hueA},70%,55%)"/><stop offset="1" stop-color="hsl(${hueB},65%,25%)"/>
    </linearGradient></defs>
    <rect width="512" height="1024" fill="url(#g)"/>${shapes}</svg>`);
}

export interface SeedOptions {
  users?: number;
  chatbots?: number;
}

/** Fills an empty gallery with demo creators and listings (with real stored images). */
export async function seedDemo(db: Kysely<Database>, storage: ObjectStorage, options: SeedOptions = {}) {
  const userCount = options.users ?? 12;
  const chatbotCount = options.chatbots ?? 60;
  const rng = random(42);

  const users = [];
  for (let i = 0; i < userCount; i++) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[i % LAST_NAMES.length]!;
    users.push({
      email: `${firstName}.${lastName}.${i}@demo.chatbot-gallery.test`.toLowerCase(),
      firstName,
      lastName,
      nickname: i % 3 === 2 ? null : `${firstName}${lastName.slice(0, 2)}${i}`,
      about: ABOUTS[i % ABOUTS.length]!,
      instagramUrl: i % 2 === 0 ? `https://instagram.com/${firstName.toLowerCase()}` : null,
      patreonUrl: i % 4 === 0 ? `https://patreon.com/${firstName.toLowerCase()}` : null,
    });
  }
  const created = await db.insertInto("users").values(users).returning("id").execute();

  // A handful of distinct posters, shared by several listings (content addressing stores each once).
  const posters = [];
  for (let i = 0; i < 12; i++) {
    const hue = Math.floor(rng.next() * 360);
    const circles = Array.from({ length: 5 }, () => {
      const r = 40 + Math.floor(rng.next() * 120);
      return `<circle cx="${Math.floor(rng.next() * 512)}" cy="${Math.floor(rng.next() * 1024)}" r="${r}" fill="white" fill-opacity="0.12"/>`;
    }).join("");
    const png = await sharp(posterSvg(hue, (hue + 60) % 360, circles))
      .png()
      .toBuffer();
    // Stored under both ratings' keys: an NSFW listing's image is never under a public key.
    posters.push({
      sfw: await storeChatbotImage(storage, png),
      nsfw: await storeChatbotImage(storage, png, { nsfw: true }),
    });
  }

  const chatbots = [];
  for (let i = 0; i < chatbotCount; i++) {
    const owner = created[i % created.length]!;
    const posterPair = posters[i % posters.length]!;
    const onPolybuzz = rng.next() < 0.75;
    const onRoleplaya = !onPolybuzz || rng.next() < 0.4;
    const cid = Math.floor(rng.next() * 1e9).toString(36);
    const tags = [...new Set([rng.pick(TAGS), rng.pick(TAGS), rng.pick(TAGS), rng.pick(TAGS)])].slice(0, 1 + (i % 5));
    const listing = {
      title: `${rng.pick(ADJECTIVES)} ${rng.pick(ROLES)}`,
      tags,
      storySeries: rng.next() < 0.6 ? SERIES[(i % created.length) % SERIES.length]! : null,
      polybuzzCid: onPolybuzz ? `pb-${cid}` : null,
      polybuzzUrl: onPolybuzz ? `https://www.polybuzz.ai/character/chat/pb-${cid}` : null,
      roleplayaCid: onRoleplaya ? `rp-${cid}` : null,
      roleplayaUrl: onRoleplaya ? `https://roleplaya.com/chat/rp-${cid}` : null,
      nsfw: rng.next() < 0.2,
      userId: owner.id,
      createdAt: new Date(Date.now() - (chatbotCount - i) * 3_600_000),
    };
    const poster = posterPair[listing.nsfw ? "nsfw" : "sfw"];
    chatbots.push({
      ...listing,
      imageUrl: poster.original.url,
      imageKey: poster.original.key,
      thumbnailKey: poster.thumbnail.key,
    });
  }
  await db.insertInto("chatbots").values(chatbots).execute();
  return { users: created.length, chatbots: chatbots.length };
}

/** Seeds only a brand-new installation (no users yet). */
export async function seedDemoIfEmpty(db: Kysely<Database>, storage: ObjectStorage) {
  const anyone = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return anyone ? null : seedDemo(db, storage);
}
