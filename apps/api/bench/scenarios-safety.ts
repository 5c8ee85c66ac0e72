// `pnpm bench`, issue 13: a member with a 50-tag blocklist (a personal answer: never a shared copy).
import { TAGS } from "../src/seed/demo-data.js";

/**
 * 50 blocked tags: 3 curated ones the seeded listings use (drawn Zipf-like, so they hide about a sixth
 * of the gallery from this member) and 47 nobody uses, as a long real blocklist would be.
 */
export const BENCH_BLOCKLIST = [
  TAGS[7]!,
  TAGS[10]!,
  TAGS[11]!,
  ...Array.from({ length: 47 }, (_, i) => `blocked-tag-${i}`),
];

/** Signs a new member in and saves the blocklist (PUT /api/user/settings); answers their session cookie. */
export async function blocklistMember(serverUrl: string, createAccount: () => Promise<{ idToken: string }>) {
  const account = await createAccount();
  const verify = await fetch(`${serverUrl}/api/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idToken: account.idToken }),
  });
  const cookie = verify.headers.get("set-cookie")!.split(";")[0]!;
  const saved = await fetch(`${serverUrl}/api/user/settings`, {
    method: "PUT",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ blockedTags: BENCH_BLOCKLIST, nsfwDisplay: "show" }),
  });
  if (saved.status !== 200) throw new Error(`saving the blocklist failed: ${saved.status} ${await saved.text()}`);
  return cookie;
}

/** Issue 13's targets: the first gallery page p99 under 50 ms at 50 connections, under 15 ms at one. */
export function safetyScenarios(cookie: string) {
  return [
    { name: "first page, member with a 50-tag blocklist", path: "/api/chatbots", cookie },
    { name: "top tags, member with a 50-tag blocklist", path: "/api/chatbots/tags", cookie },
  ];
}
