import { type AnsweredRead, FIRST_RAIL_EAGER_PICTURES, type FirstRead } from "@gallery/schema/first-reads";
import { cardPicture } from "@gallery/schema/listing-picture";
import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../services/session-store.js";
import { askAsInner } from "./site-origin.js";

/** The session cookie alone, as the browser sent it: the one part of the request the inner one carries. */
const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;\\s*)(${SESSION_COOKIE}=[^;]*)`);

/**
 * The answers to a page's first reads, asked of this server's own /trpc as one batch with the request's
 * session: the same answers the web would get moments later (a visitor's from the shared copies, a member's
 * their own, image URLs absolute), through every hook a browser's request passes. The inner request carries no
 * header of the client's but its session cookie: the origin its answers are made for is the outer request's, as
 * resolved for it (http/site-origin.ts), handed over as a value no client can set, so a forwarding header that
 * would be trusted from loopback never reaches the answers or their shared copies. A read that fails is left out,
 * and the web asks for it itself.
 */
export async function answerFirstReads(request: FastifyRequest, reads: readonly FirstRead[]): Promise<AnsweredRead[]> {
  const input = Object.fromEntries(reads.map((read, index) => [index, read.input]));
  const session = SESSION_COOKIE_PAIR.exec(request.headers.cookie ?? "")?.[1];
  const response = await askAsInner(request, (inner) =>
    request.server.inject({
      method: "GET",
      url: `/trpc/${reads.map((read) => read.path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: { ...inner, ...(session ? { cookie: session } : {}) },
    }),
  );
  let answers: unknown;
  try {
    answers = response.json();
  } catch {
    return [];
  }
  if (!Array.isArray(answers)) return [];
  return reads.flatMap((read, index) => {
    const answer = answers[index] as { result?: { data?: unknown } } | undefined;
    return answer?.result && "data" in answer.result ? [{ ...read, data: answer.result.data }] : [];
  });
}

/** The first rail's pictures a phone shows at once, from the answered reads (what the page preloads). */
export function firstRailPictures(reads: readonly AnsweredRead[]): string[] {
  const rails = reads.find((read) => read.path === "chatbots.rails")?.data as
    | Array<{ items?: Array<{ thumbnailUrl: string | null; imageUrl: string | null }> }>
    | undefined;
  const items = Array.isArray(rails) ? rails[0]?.items : undefined;
  return (items ?? []).slice(0, FIRST_RAIL_EAGER_PICTURES).flatMap((item) => cardPicture(item) ?? []);
}
