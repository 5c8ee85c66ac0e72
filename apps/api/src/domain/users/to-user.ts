import type { UserRow } from "@gallery/db";
import type { PublicProfile, User } from "@gallery/schema";
import { emailFor, isModerator, isVerified, type Viewer } from "../policy.js";

/** The fields anyone who may open a profile sees (name, avatar, about, links), in one place for both shapes. */
function publicFields(row: UserRow) {
  return {
    id: row.id,
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
    followerCount: row.followerCount,
    isVerified: isVerified(row),
  };
}

/** The user as the api returns it (spec section 3); internal columns stay inside. */
export function toUser(row: UserRow): User {
  return {
    ...publicFields(row),
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    termsAccepted: row.termsAccepted,
    privacyAccepted: row.privacyAccepted,
    ageVerified: row.ageVerified,
    isApproved: row.isApproved,
    isAdmin: isModerator(row),
    isSuperAdmin: row.isSuperAdmin,
    showEmail: row.showEmail,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A profile's public fields as this viewer gets them: the e-mail only for viewers who may see e-mails. */
export function toPublicProfile(row: UserRow, viewer: Viewer): PublicProfile {
  return { ...publicFields(row), email: emailFor(viewer, row) };
}
