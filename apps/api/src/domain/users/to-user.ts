import type { UserRow } from "@gallery/db";
import type { PublicProfile, User } from "@gallery/schema";
import { isModerator, mayViewEmails, type Viewer } from "../policy.js";

/** The user as the api returns it (spec section 3); internal columns stay inside. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    nickname: row.nickname,
    profileImageUrl: row.profileImageUrl,
    avatarUrl: row.avatarUrl,
    about: row.about,
    instagramUrl: row.instagramUrl,
    blueskyUrl: row.blueskyUrl,
    facebookUrl: row.facebookUrl,
    twitterUrl: row.twitterUrl,
    kofiUrl: row.kofiUrl,
    patreonUrl: row.patreonUrl,
    dateOfBirth: row.dateOfBirth,
    termsAccepted: row.termsAccepted,
    privacyAccepted: row.privacyAccepted,
    ageVerified: row.ageVerified,
    isApproved: row.isApproved,
    isAdmin: isModerator(row),
    isSuperAdmin: row.isSuperAdmin,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A profile's public fields as this viewer gets them: the e-mail only for viewers who may see e-mails. */
export function toPublicProfile(row: UserRow, viewer: Viewer): PublicProfile {
  return {
    id: row.id,
    email: mayViewEmails(viewer) ? row.email : null,
    firstName: row.firstName,
    lastName: row.lastName,
    nickname: row.nickname,
    profileImageUrl: row.profileImageUrl,
    avatarUrl: row.avatarUrl,
    about: row.about,
    instagramUrl: row.instagramUrl,
    blueskyUrl: row.blueskyUrl,
    facebookUrl: row.facebookUrl,
    twitterUrl: row.twitterUrl,
    kofiUrl: row.kofiUrl,
    patreonUrl: row.patreonUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
