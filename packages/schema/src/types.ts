import { z } from "zod";
import { perListingField } from "./listing-fields.js";
import { perPlatformField } from "./platforms.js";

/**
 * Shapes the api returns, as JSON (dates are ISO strings). Defined as Zod schemas so the OpenAPI
 * document describes exactly these; the TypeScript types are inferred from them.
 */
const text = z.string().nullable();

export const userResponseSchema = z
  .object({
    id: z.uuid(),
    email: text,
    firstName: text,
    lastName: text,
    nickname: text,
    profileImageUrl: text,
    avatarUrl: text,
    about: text,
    instagramUrl: text,
    blueskyUrl: text,
    facebookUrl: text,
    twitterUrl: text,
    kofiUrl: text,
    patreonUrl: text,
    dateOfBirth: text,
    termsAccepted: z.boolean(),
    privacyAccepted: z.boolean(),
    ageVerified: z.boolean(),
    isApproved: z.boolean(),
    isAdmin: z.boolean(),
    isSuperAdmin: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    followerCount: z.number().int().meta({ description: "How many members follow this user." }),
    isVerified: z.boolean().meta({ description: "A moderator checked that they run their bots (verified creator)." }),
    showEmail: z
      .boolean()
      .meta({ description: "Whether signed-in members see this user's e-mail (owner and moderators only)." }),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userResponseSchema>;

/**
 * A profile as anyone but its owner and moderators receives it: the public fields only (no date of birth,
 * agreements, approval, roles or update time). Strict, so it and the whole User never describe the same answer.
 */
export const publicProfileSchema = userResponseSchema
  .pick({
    id: true,
    firstName: true,
    lastName: true,
    nickname: true,
    profileImageUrl: true,
    avatarUrl: true,
    about: true,
    instagramUrl: true,
    blueskyUrl: true,
    facebookUrl: true,
    twitterUrl: true,
    kofiUrl: true,
    patreonUrl: true,
    createdAt: true,
    followerCount: true,
    isVerified: true,
  })
  .extend({ email: text.meta({ description: "Signed-in members only (as in listings); null for visitors." }) })
  .strict()
  .meta({ id: "PublicProfile", description: "A profile as visitors and other members see it." });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A profile: the whole user for its owner and moderators, the public fields for everyone else. */
export const profileSchema = z.xor([userResponseSchema, publicProfileSchema]).meta({
  id: "Profile",
  description:
    "The whole User for the profile's owner and moderators (owner and moderators only: date of birth, agreements, approval, roles, update time); a PublicProfile for everyone else.",
});
export type Profile = z.infer<typeof profileSchema>;

/** The creator as embedded in listings. */
export const creatorSchema = z
  .object({
    id: z.uuid(),
    nickname: text,
    firstName: text,
    lastName: text,
    email: text,
    avatarUrl: text,
    profileImageUrl: text,
    isAdmin: z.boolean(),
    isVerified: z.boolean().meta({ description: "A moderator checked that they run their bots (verified creator)." }),
  })
  .meta({ id: "Creator" });
export type Creator = z.infer<typeof creatorSchema>;

export const chatbotResponseSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    tagline: text,
    description: text,
    tags: z.array(z.string()),
    ...perPlatformField(() => text),
    storySeries: text,
    // The declared listing fields (listing-fields.ts): null when a listing has none.
    ...perListingField((field) => z.enum(field.values).nullable().meta({ description: field.label })),
    nsfw: z.boolean(),
    imageUrl: text,
    /** Card-size variant of imageUrl: the gallery shows this, never the original. */
    thumbnailUrl: text,
    /**
     * Only for a member whose NSFW display is Blur, on an NSFW listing: imageUrl and thumbnailUrl are then a
     * blurred image made by the server, and these the originals, loaded only when the member reveals it.
     */
    revealImageUrl: text.optional(),
    revealThumbnailUrl: text.optional(),
    imageFocusX: z.number().int().meta({ description: "The picture's focal point, percent from the left." }),
    imageFocusY: z.number().int().meta({ description: "The picture's focal point, percent from the top." }),
    userId: z.uuid(),
    createdAt: z.string(),
    updatedAt: z.string(),
    favoriteCount: z.number().int().meta({ description: "How many members saved this listing." }),
    chatsThisWeek: z.number().int().meta({
      description:
        "Chats started from the gallery in the last 7 days (unique visitors a day, refreshed every 5 minutes).",
    }),
    chatsThisMonth: z
      .number()
      .int()
      .meta({ description: "Chats started from the gallery in the last 30 days (the Popular sort's score)." }),
    rating: z
      .object({
        average: z
          .number()
          .nullable()
          .meta({ description: "The average stars of the reviews that count, to two decimals; null with none." }),
        count: z.number().int().meta({ description: "How many reviews count in the average." }),
      })
      .meta({
        id: "ListingRating",
        description:
          "Members' reviews as kept by the database: hidden reviews, suspended members' and repeats from one address on one day do not count.",
      }),
    user: creatorSchema.optional(),
  })
  .meta({ id: "Chatbot" });
export type Chatbot = z.infer<typeof chatbotResponseSchema>;

/** A listing as lists and its page show it: always with its creator. */
export const listedChatbotSchema = chatbotResponseSchema.extend({ user: creatorSchema }).meta({ id: "ListedChatbot" });

/**
 * What the viewer may do with one listing, as the server decides it (a card's menu shows exactly these): its
 * owner edits and deletes it; anyone else (visitors too) may report it.
 */
export const listingActionsSchema = z
  .object({
    edit: z.boolean().meta({ description: "Change it: its owner, while they may publish." }),
    delete: z.boolean().meta({ description: "Delete it: its owner, while they may publish." }),
    report: z.boolean().meta({ description: "Report it: anyone but its owner and suspended members." }),
  })
  .meta({ id: "ListingActions" });
export type ListingActions = z.infer<typeof listingActionsSchema>;

export const adminChatbotResponseSchema = chatbotResponseSchema
  .extend({ userName: z.string(), userEmail: text })
  .meta({ id: "AdminChatbot" });
export type AdminChatbot = z.infer<typeof adminChatbotResponseSchema>;

export const adminStatsSchema = z
  .object({
    pendingUsers: z.number().int(),
    approvedUsers: z.number().int(),
    totalChatbots: z.number().int(),
    totalUsers: z.number().int(),
    openReports: z.number().int().meta({ description: "Targets in the moderation queue (with open reports)." }),
  })
  .meta({ id: "AdminStats" });
export type AdminStats = z.infer<typeof adminStatsSchema>;
