/**
 * The domain's public API: plain functions `fn(deps, viewer, input)` that enforce the rules (policy.ts)
 * and throw DomainErrors. Both edges (tRPC in trpc/, REST in http/) call these; neither restates a rule.
 */

export {
  currentImageJob,
  IMAGE_JOB_BUSY,
  readImageJob,
  startImageJob,
  waitForImageJob,
} from "./admin/jobs/image-jobs.js";
export {
  adminStats,
  approveUser,
  deleteUser,
  listAllListings,
  listApprovedUsers,
  listPendingUsers,
  makeAdmin,
  rejectUser,
  removeAdmin,
} from "./admin/moderation.js";
export type { Db, Deps } from "./deps.js";
export * from "./errors.js";
export { sweepOrphanImages } from "./images/orphans.js";
export { type ImageAccess, imageAccess } from "./images/references.js";
export {
  createListing,
  deleteListing,
  type ListingChangeOptions,
  updateListing,
} from "./listings/commands.js";
export {
  countGallery,
  type GalleryFilters,
  type ListingPage,
  listCreatorListings,
  listGallery,
  listOwnListings,
  listSeries,
  type Page,
  type PageInput,
} from "./listings/queries.js";
export * from "./policy.js";
export type { Upload } from "./upload.js";
export {
  readProfile,
  USER_NOT_FOUND,
  updateAbout,
  updateAvatar,
  updateNickname,
  updateSocialLinks,
} from "./users/profile.js";
export { setRoleByEmail } from "./users/roles.js";
export { type SignedIn, signIn } from "./users/sign-in.js";
export { toPublicProfile, toUser } from "./users/to-user.js";
