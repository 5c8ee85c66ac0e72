import { perListingField } from "@gallery/schema/listing-fields";
import { perPlatformField } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";

/** A listing as the server answers it (SFW, one platform, a picture), for tests to change what they need. */
export function aListing(change: Partial<Chatbot> = {}): Chatbot {
  return {
    id: "00000000-0000-4000-8000-00000000000a",
    title: "Luna",
    tagline: "Guide of the night sky",
    description: null,
    tags: ["moon"],
    ...perPlatformField(() => null),
    polybuzzCid: "pb-1",
    storySeries: null,
    // The declared listing fields (listing-fields.ts) at their defaults.
    ...perListingField((field) => field.default ?? null),
    nsfw: false,
    imageUrl: "/images/original.webp",
    thumbnailUrl: "/images/thumb.webp",
    userId: "00000000-0000-4000-8000-000000000001",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    imageFocusX: 50,
    imageFocusY: 25,
    favoriteCount: 0,
    chatsThisWeek: 0,
    chatsThisMonth: 0,
    rating: { average: null, count: 0 },
    user: {
      id: "00000000-0000-4000-8000-000000000001",
      nickname: "mira",
      firstName: null,
      lastName: null,
      email: null,
      avatarUrl: null,
      profileImageUrl: null,
      isVerified: false,
      isAdmin: false,
    },
    ...change,
  };
}
