import type { Chatbot, ChatbotChanges } from "@gallery/schema";
import { recordAudit } from "../audit/record.js";
import type { Deps } from "../deps.js";
import { LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { deleteListing } from "../listings/commands.js";
import { requireModerator, type Viewer } from "../policy.js";
import type { Upload } from "../upload.js";
import { recordDecision } from "./decisions.js";
import { changeListing } from "./duplicates.js";

/**
 * A moderator's edit of any listing (the admin panel's Edit): the owner's form, then the audit entry with
 * the fields it changed before and after, and, on someone else's listing, a notice telling its creator.
 */
export async function editAsModerator(
  deps: Deps,
  viewer: Viewer,
  input: { id: string; fields: ChatbotChanges; image?: Upload | undefined },
): Promise<Chatbot> {
  const moderator = requireModerator(viewer);
  const before = await deps.db.selectFrom("chatbots").selectAll().where("id", "=", input.id).executeTakeFirst();
  if (!before) throw new NotFoundError(LISTING_NOT_FOUND);
  const chatbot = await changeListing(deps, moderator, input, { asModerator: true });
  const changed = Object.keys(input.fields).filter(
    (field) => JSON.stringify(before[field as keyof typeof before]) !== JSON.stringify(chatbot[field as keyof Chatbot]),
  );
  if (input.image) changed.push("image");
  await deps.db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      action: "listing.edit",
      moderator,
      target: { kind: "listing", id: chatbot.id, label: before.title },
      before: Object.fromEntries(
        changed.map((field) => [field, field === "image" ? before.imageUrl : before[field as keyof typeof before]]),
      ),
      after: Object.fromEntries(
        changed.map((field) => [field, chatbot[field === "image" ? "imageUrl" : (field as keyof Chatbot)]]),
      ),
    });
    if (before.userId !== moderator.id && changed.length > 0) {
      await recordDecision(trx, {
        userId: before.userId,
        chatbotId: chatbot.id,
        kind: "edited",
        reason: `Changed: ${changed.join(", ")}`,
        moderator,
      });
    }
  });
  return chatbot;
}

/** A moderator's delete of any listing (the admin panel's Delete), logged with the title it had. */
export async function deleteAsModerator(deps: Deps, viewer: Viewer, input: { id: string }): Promise<{ success: true }> {
  const moderator = requireModerator(viewer);
  const before = await deps.db
    .selectFrom("chatbots")
    .select(["title", "userId"])
    .where("id", "=", input.id)
    .executeTakeFirst();
  if (!before) throw new NotFoundError(LISTING_NOT_FOUND);
  const result = await deleteListing(deps, moderator, input, { asModerator: true });
  await recordAudit(deps.db, {
    action: "listing.delete",
    moderator,
    target: { kind: "listing", id: input.id, label: before.title },
    before: { title: before.title, userId: before.userId },
  });
  return result;
}
