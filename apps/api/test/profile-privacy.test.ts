import { publicProfileSchema, userResponseSchema } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { setRole, signUp, signUpAs } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { getAs } from "./support/requests.js";

/**
 * A profile's private fields (date of birth, agreements, approval, roles, update time) reach only its owner and
 * moderators, the same over REST and tRPC; everyone else gets the public fields.
 */

const PUBLIC_KEYS = Object.keys(publicProfileSchema.shape).sort();
const PRIVATE_KEYS = ["dateOfBirth", "termsAccepted", "privacyAccepted", "ageVerified", "isApproved", "isAdmin"];

let app: TestApp;
let creator: Awaited<ReturnType<typeof signUp>>;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  creator = await signUp(app);
  await app.database.db
    .updateTable("users")
    .set({
      dateOfBirth: "2001-02-03",
      termsAccepted: true,
      privacyAccepted: true,
      ageVerified: true,
      about: "Hello there",
      nickname: "Creator",
      instagramUrl: "https://instagram.com/creator",
    })
    .where("id", "=", creator.user.id)
    .execute();
  await setRole(app, creator.user.id, "admin");
  await createListing(app, creator.cookie, { title: "Public bot" });
}, 120_000);

/** GET /api/users/{id} and tRPC users.byId for the same caller; both answers must agree. */
async function readBoth(cookie?: string) {
  const headers = cookie ? { cookie } : {};
  const rest = await app.inject({ method: "GET", url: `/api/users/${creator.user.id}`, headers });
  expect(rest.statusCode, rest.body).toBe(200);
  const input = encodeURIComponent(JSON.stringify({ userId: creator.user.id }));
  const trpc = await app.inject({ method: "GET", url: `/trpc/users.byId?input=${input}`, headers });
  expect(trpc.statusCode, trpc.body).toBe(200);
  const viaTrpc = trpc.json().result.data;
  expect(viaTrpc).toEqual(rest.json());
  return rest.json() as Record<string, unknown>;
}

describe("GET /api/users/{id} and users.byId", () => {
  test("a visitor gets the public fields only, without the e-mail", async () => {
    const profile = await readBoth();
    expect(Object.keys(profile).sort()).toEqual(PUBLIC_KEYS);
    expect(profile).toMatchObject({
      id: creator.user.id,
      nickname: "Creator",
      about: "Hello there",
      instagramUrl: "https://instagram.com/creator",
      email: null,
    });
    for (const key of PRIVATE_KEYS) expect(profile).not.toHaveProperty(key);
    expect(publicProfileSchema.safeParse(profile).success).toBe(true);
  });

  test("another member gets the public fields, with the e-mail as in listings", async () => {
    const member = await signUp(app);
    const profile = await readBoth(member.cookie);
    expect(Object.keys(profile).sort()).toEqual(PUBLIC_KEYS);
    expect(profile.email).toBe(creator.account.email);
    for (const key of PRIVATE_KEYS) expect(profile).not.toHaveProperty(key);
  });

  test("the owner and moderators get the whole user", async () => {
    const moderator = await signUpAs(app, "admin");
    for (const cookie of [creator.cookie, moderator.cookie]) {
      const profile = await readBoth(cookie);
      expect(userResponseSchema.strict().safeParse(profile).success).toBe(true);
      expect(profile).toMatchObject({
        dateOfBirth: "2001-02-03",
        termsAccepted: true,
        privacyAccepted: true,
        ageVerified: true,
        isApproved: true,
        isAdmin: true,
      });
    }
  });
});

describe("other places a user reaches someone else", () => {
  test("a listing's creator carries the creator fields only, the e-mail for members", async () => {
    const visitorList = (await getAs(app, `/api/users/${creator.user.id}/chatbots`)).json();
    const member = await signUp(app);
    const memberList = (await getAs(app, `/api/users/${creator.user.id}/chatbots`, member.cookie)).json();
    const creatorKeys = [
      "avatarUrl",
      "email",
      "firstName",
      "id",
      "isAdmin",
      "isVerified",
      "lastName",
      "nickname",
      "profileImageUrl",
    ];
    expect(Object.keys(visitorList[0].user).sort()).toEqual(creatorKeys);
    expect(visitorList[0].user.email).toBeNull();
    expect(memberList[0].user.email).toBe(creator.account.email);
    expect(JSON.stringify([visitorList, memberList])).not.toContain("2001-02-03");
  });
});

describe("the OpenAPI document", () => {
  test("describes the profile as either the whole User or the PublicProfile", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const ok = document.paths["/api/users/{userId}"].get.responses["200"].content["application/json"].schema;
    const profile = ok.$ref ? document.components.schemas[ok.$ref.split("/").pop()] : ok;
    expect(profile.oneOf.map((option: { $ref: string }) => option.$ref)).toEqual([
      "#/components/schemas/User",
      "#/components/schemas/PublicProfile",
    ]);
    const publicProfile = document.components.schemas.PublicProfile;
    expect(Object.keys(publicProfile.properties).sort()).toEqual(PUBLIC_KEYS);
    expect(publicProfile.properties.email.description).toMatch(/members only/i);
  });
});
