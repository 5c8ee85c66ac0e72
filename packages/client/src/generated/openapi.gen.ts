// Generated from the app's OpenAPI document (GET /api/openapi.json) by openapi-typescript: do not edit.
export interface paths {
    "/api/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in: verify an identity-provider ID token and start a session
         * @description Creates or refreshes the user and answers it; sets the session cookie. New users need approval when the server requires it.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End every session of the signed-in member, on every device
         * @description Signs the member out of every browser, this one included; each session cookie is refused from its next request on. Personal API tokens are not sessions and keep working until revoked.
         */
        post: operations["signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/client-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the web app needs to talk to the identity provider */
        get: operations["getClientConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A profile
         * @description Visitors and other members get the public fields (PublicProfile); the owner and moderators get the whole User. A pending user's profile is visible to themselves and moderators only.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/nickname": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the nickname
         * @description At most 32 characters, unique whatever the case.
         */
        put: operations["updateNickname"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/email-visibility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Shows or hides the caller's e-mail from signed-in members
         * @description Off: no call returns the e-mail to anyone but its owner and moderators.
         */
        put: operations["updateEmailVisibility"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/about": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the about text
         * @description At most 500 characters, no web addresses; an empty text clears it.
         */
        put: operations["updateAbout"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/social-media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the six social links
         * @description All six every time: a web address, or "" for none.
         */
        put: operations["updateSocialLinks"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload an avatar
         * @description JPG, PNG or WebP under 5 MB. A visitor's upload is refused before it is read.
         */
        put: operations["updateAvatar"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chatbots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The gallery, newest first or in the order asked
         * @description Visitors get SFW listings only. The next page is linked in the Link header.
         */
        get: operations["listChatbots"];
        put?: never;
        /**
         * Create a listing
         * @description Approved members. The image (JPG, PNG or WebP under 5 MB) is required.
         */
        post: operations["createChatbot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chatbots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One listing
         * @description An NSFW listing is for signed-in members: a visitor gets 401 and nothing of it. A listing the member's safety settings hide (a blocked tag; NSFW under Hide) is 403 with the reason, unless `showHidden=true` (show it this once).
         */
        get: operations["getChatbot"];
        /**
         * Change an own listing
         * @description Only the fields sent change; a new image replaces the old one.
         */
        put: operations["updateChatbot"];
        post?: never;
        /** Delete an own listing */
        delete: operations["deleteChatbot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chatbots/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The most used tags for the gallery's filters
         * @description Tag facets: each tag with how many matching listings carry it, most used first. Counted over at most 2000 matches, 500 with a search (exact below that; above, a sample of the matches). Visitors: SFW listings only.
         */
        get: operations["listChatbotTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's listings' views and click-outs
         * @description The last 30 days (UTC), every day listed: the account's totals and days, and each listing's.
         */
        get: operations["getOwnStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chatbots/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One listing's views and click-outs
         * @description The last 30 days (UTC), every day listed. Its owner and moderators only (404 for anyone else).
         */
        get: operations["getChatbotStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{userId}/chatbots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A creator's listings, newest first
         * @description The gallery's rules apply: visitors get SFW listings only. Next page in the Link header.
         */
        get: operations["listUserChatbots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatbots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's listings, NSFW included */
        get: operations["listOwnChatbots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/series/{seriesName}/{creatorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A creator's story series */
        get: operations["listSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chatbots/import-card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a character card into a new listing's fields
         * @description Approved members. A Tavern character card (a PNG with a `chara` or `ccv3` text chunk, spec V2 or V3, or the card's JSON, V1 to V3) under 5 MB. Answers the fields to prefill a new listing with (title, tagline, description, tags within their limits) and, for a PNG, its art as a data URL to send as the listing's image. Nothing is stored.
         */
        post: operations["importCharacterCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** User and listing counts */
        get: operations["getAdminStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/pending-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users waiting for approval, newest first
         * @description Next page in the Link header.
         */
        get: operations["listPendingUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/approved-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Approved users, newest first
         * @description Next page in the Link header.
         */
        get: operations["listApprovedUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chatbots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every listing with its creator's name and e-mail, newest first
         * @description Next page in the Link header.
         */
        get: operations["listAllChatbots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/approve-user/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a pending user */
        post: operations["approveUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reject-user/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Reject (delete) a user waiting for approval */
        delete: operations["rejectUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a user with their listings and images
         * @description Not oneself, never a super admin.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chatbots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change any listing
         * @description The owner's form (only the fields sent change), for any listing.
         */
        put: operations["moderateChatbot"];
        post?: never;
        /** Delete any listing */
        delete: operations["moderateDeleteChatbot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/make-admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant admin rights */
        post: operations["makeAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/remove-admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove admin rights */
        post: operations["removeAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's safety settings
         * @description The tag blocklist (lower-cased) and how NSFW images are shown: show (default), blur (a blurred image made by the server until revealed), hide (no NSFW listings whatever the content filter says).
         */
        get: operations["getSafetySettings"];
        /**
         * Replaces the caller's safety settings
         * @description Both fields every time. Listings carrying any blocked tag (compared case-insensitively) never reach the caller from any list, and the tag facets leave them out; at most 100 tags. A refused input (400 with the reason) changes nothing.
         */
        put: operations["updateSafetySettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/age": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Answers the age question with the caller's date of birth
         * @description Kept privately (no call returns it; the settings say what it means: ageCheck). Under 13 is refused; under 18 turns NSFW off for the account, for good; an adult may correct the date.
         */
        put: operations["confirmAge"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/favorites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's saved listings, newest saved first
         * @description The listings the caller may still see; with `showHidden=true` also those their own safety settings hide. The next page is linked in the Link header.
         */
        get: operations["listFavorites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/favorites/{chatbotId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save a listing
         * @description Idempotent: saving a saved listing changes nothing. A listing the caller may not see is 404 or 401.
         */
        put: operations["saveFavorite"];
        post?: never;
        /**
         * Remove a saved listing
         * @description Idempotent: removing a listing that is not saved changes nothing.
         */
        delete: operations["removeFavorite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/following": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listings of the creators the caller follows, newest first
         * @description The gallery's filters and orders apply. The next page is linked in the Link header.
         */
        get: operations["listFollowingFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/follows/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Follow a creator
         * @description Idempotent. Following oneself is 400 'You cannot follow yourself'; an unknown or hidden profile 404.
         */
        put: operations["followUser"];
        post?: never;
        /**
         * Stop following a creator
         * @description Idempotent: unfollowing someone not followed changes nothing.
         */
        delete: operations["unfollowUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a listing or a profile
         * @description Visitors and members. One open report per reporter and target (409); a few an hour per reporter (429). The answer says what happens next.
         */
        post: operations["createReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The moderation queue: reported targets, most recently reported first
         * @description Next page in the Link header.
         */
        get: operations["listModerationQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/queue/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Act on a reported listing or profile
         * @description Every open report on the target is closed with the outcome; the action is in the audit log.
         */
        post: operations["moderateTarget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/moderation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What moderators decided about the caller's account and listings */
        get: operations["getModerationNotices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/appeals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a review of a moderator's decision (once per decision) */
        post: operations["appealDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Moderator actions, newest first
         * @description Filter by moderator, target and action. Entries keep the names they had; they cannot be changed or deleted. Next page in the Link header.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether I am a verified creator, and my latest request */
        get: operations["getMyVerification"];
        put?: never;
        /**
         * Ask to be a verified creator
         * @description A short text and 1-5 links showing that you run your Polybuzz or Roleplaya bots; a moderator checks them by hand.
         */
        post: operations["requestVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/verification/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verification requests waiting for a moderator, oldest first
         * @description Next page in the Link header.
         */
        get: operations["listPendingVerifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/verification/verified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verified creators, most recently verified first
         * @description Next page in the Link header.
         */
        get: operations["listVerifiedCreators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/verification/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a verification request: the creator gets the mark */
        post: operations["approveVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/verification/{id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deny a verification request, with a reason the creator sees */
        post: operations["denyVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/verification/users/{userId}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove a creator's verified mark, with a reason the creator sees */
        post: operations["withdrawVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sign-in page */
        get: operations["login"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrate-images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move images held outside object storage into it
         * @description Starts a background job (409 while another image job runs) and waits for it up to a bound (IMAGE_JOB_WAIT_SECONDS, 20 s by default): 200 with the result, or 202 with the running job.
         */
        post: operations["migrateImages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/repair-images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Repair listings whose image is missing
         * @description Starts a background job (409 while another image job runs) and waits for it up to a bound (IMAGE_JOB_WAIT_SECONDS, 20 s by default): 200 with the result, or 202 with the running job.
         */
        post: operations["repairImages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/image-jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An image job's progress and result
         * @description `done` of `total` items examined; `result` holds the counts so far, final once it has succeeded.
         */
        get: operations["getImageJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the app can answer: database, object storage and the gallery's reads */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ReportInputInput: {
            /** @enum {string} */
            targetKind: "listing" | "profile";
            /** Format: uuid */
            targetId: string;
            /** @enum {string} */
            reason: "mislabelled" | "stolen" | "broken_link" | "illegal" | "spam" | "other";
            details?: string;
            originalUrl?: string | "";
        };
        ModerationActionInputInput: {
            /** @enum {string} */
            targetKind: "listing" | "profile";
            /** Format: uuid */
            targetId: string;
            /** @enum {string} */
            action: "dismiss" | "markNsfw" | "hide" | "restore" | "delete" | "suspend" | "lift";
            reason?: string;
        };
        Success: {
            success: boolean;
        };
        User: {
            /** Format: uuid */
            id: string;
            email: string | null;
            firstName: string | null;
            lastName: string | null;
            nickname: string | null;
            profileImageUrl: string | null;
            avatarUrl: string | null;
            about: string | null;
            instagramUrl: string | null;
            blueskyUrl: string | null;
            facebookUrl: string | null;
            twitterUrl: string | null;
            kofiUrl: string | null;
            patreonUrl: string | null;
            dateOfBirth: string | null;
            termsAccepted: boolean;
            privacyAccepted: boolean;
            ageVerified: boolean;
            isApproved: boolean;
            isAdmin: boolean;
            isSuperAdmin: boolean;
            createdAt: string;
            updatedAt: string;
            /** @description How many members follow this user. */
            followerCount: number;
            /** @description A moderator checked that they run their bots (verified creator). */
            isVerified: boolean;
            /** @description Whether signed-in members see this user's e-mail (owner and moderators only). */
            showEmail: boolean;
        };
        /** @description A profile as visitors and other members see it. */
        PublicProfile: {
            /** Format: uuid */
            id: string;
            firstName: string | null;
            lastName: string | null;
            nickname: string | null;
            profileImageUrl: string | null;
            avatarUrl: string | null;
            about: string | null;
            instagramUrl: string | null;
            blueskyUrl: string | null;
            facebookUrl: string | null;
            twitterUrl: string | null;
            kofiUrl: string | null;
            patreonUrl: string | null;
            createdAt: string;
            /** @description How many members follow this user. */
            followerCount: number;
            /** @description A moderator checked that they run their bots (verified creator). */
            isVerified: boolean;
            /** @description Signed-in members only (as in listings); null for visitors. */
            email: string | null;
        };
        /** @description The whole User for the profile's owner and moderators (owner and moderators only: date of birth, agreements, approval, roles, update time); a PublicProfile for everyone else. */
        Profile: components["schemas"]["User"] | components["schemas"]["PublicProfile"];
        Creator: {
            /** Format: uuid */
            id: string;
            nickname: string | null;
            firstName: string | null;
            lastName: string | null;
            email: string | null;
            avatarUrl: string | null;
            profileImageUrl: string | null;
            isAdmin: boolean;
            /** @description A moderator checked that they run their bots (verified creator). */
            isVerified: boolean;
        };
        Chatbot: {
            /** Format: uuid */
            id: string;
            title: string;
            tagline: string | null;
            description: string | null;
            tags: string[];
            polybuzzCid: string | null;
            polybuzzUrl: string | null;
            roleplayaCid: string | null;
            roleplayaUrl: string | null;
            storySeries: string | null;
            nsfw: boolean;
            imageUrl: string | null;
            thumbnailUrl: string | null;
            revealImageUrl?: string | null;
            revealThumbnailUrl?: string | null;
            /** @description The picture's focal point, percent from the left. */
            imageFocusX: number;
            /** @description The picture's focal point, percent from the top. */
            imageFocusY: number;
            /** Format: uuid */
            userId: string;
            createdAt: string;
            updatedAt: string;
            /** @description How many members saved this listing. */
            favoriteCount: number;
            /** @description Chats started from the gallery in the last 7 days (unique visitors a day, refreshed every 5 minutes). */
            chatsThisWeek: number;
            /** @description Chats started from the gallery in the last 30 days (the Popular sort's score). */
            chatsThisMonth: number;
            user?: components["schemas"]["Creator"];
        };
        ListedChatbot: {
            /** Format: uuid */
            id: string;
            title: string;
            tagline: string | null;
            description: string | null;
            tags: string[];
            polybuzzCid: string | null;
            polybuzzUrl: string | null;
            roleplayaCid: string | null;
            roleplayaUrl: string | null;
            storySeries: string | null;
            nsfw: boolean;
            imageUrl: string | null;
            thumbnailUrl: string | null;
            revealImageUrl?: string | null;
            revealThumbnailUrl?: string | null;
            /** @description The picture's focal point, percent from the left. */
            imageFocusX: number;
            /** @description The picture's focal point, percent from the top. */
            imageFocusY: number;
            /** Format: uuid */
            userId: string;
            createdAt: string;
            updatedAt: string;
            /** @description How many members saved this listing. */
            favoriteCount: number;
            /** @description Chats started from the gallery in the last 7 days (unique visitors a day, refreshed every 5 minutes). */
            chatsThisWeek: number;
            /** @description Chats started from the gallery in the last 30 days (the Popular sort's score). */
            chatsThisMonth: number;
            user: components["schemas"]["Creator"];
        };
        AdminChatbot: {
            /** Format: uuid */
            id: string;
            title: string;
            tagline: string | null;
            description: string | null;
            tags: string[];
            polybuzzCid: string | null;
            polybuzzUrl: string | null;
            roleplayaCid: string | null;
            roleplayaUrl: string | null;
            storySeries: string | null;
            nsfw: boolean;
            imageUrl: string | null;
            thumbnailUrl: string | null;
            revealImageUrl?: string | null;
            revealThumbnailUrl?: string | null;
            /** @description The picture's focal point, percent from the left. */
            imageFocusX: number;
            /** @description The picture's focal point, percent from the top. */
            imageFocusY: number;
            /** Format: uuid */
            userId: string;
            createdAt: string;
            updatedAt: string;
            /** @description How many members saved this listing. */
            favoriteCount: number;
            /** @description Chats started from the gallery in the last 7 days (unique visitors a day, refreshed every 5 minutes). */
            chatsThisWeek: number;
            /** @description Chats started from the gallery in the last 30 days (the Popular sort's score). */
            chatsThisMonth: number;
            user?: components["schemas"]["Creator"];
            userName: string;
            userEmail: string | null;
        };
        AdminStats: {
            pendingUsers: number;
            approvedUsers: number;
            totalChatbots: number;
            totalUsers: number;
            /** @description Targets in the moderation queue (with open reports). */
            openReports: number;
        };
        UserActions: {
            /** @description Approve this pending user. */
            approve: boolean;
            /** @description Reject (delete) this pending user. */
            reject: boolean;
            /** @description Delete this user: never oneself, never a super admin. */
            delete: boolean;
            /** @description Grant admin rights: super admins only, never to a super admin. */
            makeAdmin: boolean;
            /** @description Remove admin rights: super admins only, never a super admin's. */
            removeAdmin: boolean;
        };
        AdminUser: {
            /** Format: uuid */
            id: string;
            email: string | null;
            firstName: string | null;
            lastName: string | null;
            nickname: string | null;
            profileImageUrl: string | null;
            avatarUrl: string | null;
            about: string | null;
            instagramUrl: string | null;
            blueskyUrl: string | null;
            facebookUrl: string | null;
            twitterUrl: string | null;
            kofiUrl: string | null;
            patreonUrl: string | null;
            dateOfBirth: string | null;
            termsAccepted: boolean;
            privacyAccepted: boolean;
            ageVerified: boolean;
            isApproved: boolean;
            isAdmin: boolean;
            isSuperAdmin: boolean;
            createdAt: string;
            updatedAt: string;
            /** @description How many members follow this user. */
            followerCount: number;
            /** @description A moderator checked that they run their bots (verified creator). */
            isVerified: boolean;
            /** @description Whether signed-in members see this user's e-mail (owner and moderators only). */
            showEmail: boolean;
            actions: components["schemas"]["UserActions"];
        };
        ImageMigrationResult: {
            migrated: number;
        };
        ImageRepairResult: {
            repaired: number;
            total: number;
        };
        ImageJob: {
            /** @constant */
            kind: "migrate";
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "running" | "succeeded" | "failed";
            /** @description Items examined so far. */
            done: number;
            /** @description Items to examine (null while they are being counted); equals done when finished. */
            total: number | null;
            /** @description Why a failed job stopped. */
            error: string | null;
            createdAt: string;
            finishedAt: string | null;
            result: components["schemas"]["ImageMigrationResult"];
        } | {
            /** @constant */
            kind: "repair";
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "running" | "succeeded" | "failed";
            /** @description Items examined so far. */
            done: number;
            /** @description Items to examine (null while they are being counted); equals done when finished. */
            total: number | null;
            /** @description Why a failed job stopped. */
            error: string | null;
            createdAt: string;
            finishedAt: string | null;
            result: components["schemas"]["ImageRepairResult"];
        };
        AuditEntry: {
            id: number;
            at: string;
            /** @description Null for the system or an operator's CLI. */
            moderatorId: string | null;
            /** @description As the moderator was named when they acted. */
            moderatorName: string;
            /** @enum {string} */
            action: "user.approve" | "user.reject" | "user.delete" | "user.makeAdmin" | "user.removeAdmin" | "user.suspend" | "user.lift" | "listing.edit" | "listing.delete" | "listing.hide" | "listing.restore" | "listing.markNsfw" | "report.dismiss" | "report.resolve" | "verification.approve" | "verification.deny" | "verification.withdraw" | "imageJob.start";
            /** @enum {string} */
            targetKind: "listing" | "user" | "report" | "job";
            targetId: string | null;
            /** @description The target's name when the action was taken. */
            targetLabel: string;
            before: {
                [key: string]: unknown;
            } | null;
            after: {
                [key: string]: unknown;
            } | null;
        };
        ClientConfig: {
            firebase: {
                apiKey: string;
                authDomain: string;
                projectId?: string;
                appId?: string;
            };
            authEmulatorUrl: string | null;
        };
        CharacterCardImport: {
            /**
             * @description The card's spec: V1 (flat JSON), V2 or V3.
             * @enum {string}
             */
            spec: "v1" | "v2" | "v3";
            /** @description The character's name (empty when the card has none). */
            title: string;
            /** @description The first line of the creator's notes. */
            tagline: string | null;
            /** @description The character's description, as plain text. */
            description: string | null;
            /** @description The card's tags, within the listing's limits. */
            tags: string[];
            /** @description A PNG card's art as a data: URL (image/png), to send as the listing's image; null for JSON. */
            picture: string | null;
        };
        FavoriteState: {
            /** Format: uuid */
            chatbotId: string;
            /** @description Whether the caller has saved it (after this call). */
            saved: boolean;
            /** @description How many members saved it (after this call). */
            favoriteCount: number;
        };
        FollowState: {
            /** Format: uuid */
            userId: string;
            /** @description Whether the caller follows them (after this call). */
            following: boolean;
            /** @description How many members follow them (after this call). */
            followerCount: number;
        };
        ReportReceipt: {
            /** Format: uuid */
            id: string;
            /** @description What happens next, for the reporter. */
            message: string;
        };
        ListingState: {
            /** @description Hidden by a moderator. */
            hidden: boolean;
            hiddenReason: string | null;
            /** @description Hidden by reports until a moderator reviews it. */
            reviewPending: boolean;
            ownerSuspended: boolean;
        };
        QueueItem: {
            /** @enum {string} */
            targetKind: "listing" | "profile";
            /** Format: uuid */
            targetId: string;
            openCount: number;
            reasonCounts: {
                [key: string]: number;
            };
            lastReportAt: string;
            isAppeal: boolean;
            /** @description Two or more reporters of this target reported from one address or network on the same day: they may be one person. */
            possiblyCoordinated: boolean;
            /** @description The newest reports (at most 5). */
            latest: {
                /** @enum {string} */
                reason: "mislabelled" | "stolen" | "broken_link" | "illegal" | "spam" | "other" | "appeal" | "duplicate";
                details: string | null;
                originalUrl: string | null;
                /** @enum {string} */
                reporterKind: "member" | "visitor" | "creator" | "system";
                createdAt: string;
            }[];
            listing: {
                /** Format: uuid */
                id: string;
                title: string;
                tagline: string | null;
                description: string | null;
                tags: string[];
                polybuzzCid: string | null;
                polybuzzUrl: string | null;
                roleplayaCid: string | null;
                roleplayaUrl: string | null;
                storySeries: string | null;
                nsfw: boolean;
                imageUrl: string | null;
                thumbnailUrl: string | null;
                revealImageUrl?: string | null;
                revealThumbnailUrl?: string | null;
                /** @description The picture's focal point, percent from the left. */
                imageFocusX: number;
                /** @description The picture's focal point, percent from the top. */
                imageFocusY: number;
                /** Format: uuid */
                userId: string;
                createdAt: string;
                updatedAt: string;
                /** @description How many members saved this listing. */
                favoriteCount: number;
                /** @description Chats started from the gallery in the last 7 days (unique visitors a day, refreshed every 5 minutes). */
                chatsThisWeek: number;
                /** @description Chats started from the gallery in the last 30 days (the Popular sort's score). */
                chatsThisMonth: number;
                user?: components["schemas"]["Creator"];
                userName: string;
                userEmail: string | null;
                state: components["schemas"]["ListingState"];
            } | null;
            duplicateOf: components["schemas"]["AdminChatbot"] | null;
            /** @description The profile reported, or the listing's creator. */
            profile: {
                /** Format: uuid */
                id: string;
                name: string;
                avatarUrl: string | null;
                suspended: boolean;
                suspensionReason: string | null;
            } | null;
        };
        ModerationResult: {
            /** @description Open reports on the target this closed. */
            closedReports: number;
            outcome: string;
        };
        ModerationDecision: {
            /** Format: uuid */
            id: string;
            chatbotId: string | null;
            /** @enum {string} */
            kind: "hidden" | "autoHidden" | "restored" | "markedNsfw" | "edited" | "suspended" | "lifted";
            reason: string | null;
            createdAt: string;
            appealedAt: string | null;
            canAppeal: boolean;
        };
        ModerationNotices: {
            suspension: {
                reason: string | null;
                since: string;
                decision: components["schemas"]["ModerationDecision"] | null;
            } | null;
            listings: {
                /** Format: uuid */
                chatbotId: string;
                state: components["schemas"]["ListingState"];
                decision: components["schemas"]["ModerationDecision"] | null;
            }[];
        };
        SafetySettings: {
            blockedTags: string[];
            /** @enum {string} */
            nsfwDisplay: "show" | "blur" | "hide";
            /**
             * @description The member's answer to the age question: unanswered (NSFW pictures blurred until they answer), adult, or minor (NSFW off, as Hide).
             * @enum {string}
             */
            ageCheck: "unanswered" | "adult" | "minor";
        };
        StatCounts: {
            views: number;
            polybuzz: number;
            roleplaya: number;
        };
        StatDay: {
            views: number;
            polybuzz: number;
            roleplaya: number;
            day: string;
        };
        ListingStats: {
            /** Format: uuid */
            chatbotId: string;
            totals: components["schemas"]["StatCounts"];
            days: components["schemas"]["StatDay"][];
        };
        AccountStats: {
            totals: components["schemas"]["StatCounts"];
            days: components["schemas"]["StatDay"][];
            listings: components["schemas"]["ListingStats"][];
        };
        TagCount: {
            tag: string;
            count: number;
        };
        VerificationRequest: {
            /** Format: uuid */
            id: string;
            text: string;
            links: string[];
            /** @enum {string} */
            status: "pending" | "approved" | "denied" | "withdrawn";
            /** @description Why it was denied or withdrawn. */
            reason: string | null;
            createdAt: string;
            decidedAt: string | null;
        };
        MyVerification: {
            isVerified: boolean;
            request: components["schemas"]["VerificationRequest"] | null;
        };
        PendingVerification: {
            /** Format: uuid */
            id: string;
            text: string;
            links: string[];
            /** @enum {string} */
            status: "pending" | "approved" | "denied" | "withdrawn";
            /** @description Why it was denied or withdrawn. */
            reason: string | null;
            createdAt: string;
            decidedAt: string | null;
            creator: {
                /** Format: uuid */
                id: string;
                name: string;
                email: string | null;
                listingCount: number;
            };
        };
        VerifiedCreator: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string | null;
            listingCount: number;
            verifiedAt: string;
        };
        AppealReceipt: {
            message: string;
        };
        /** @description Every error answer: a 401 says Unauthorized, or Invalid or expired API token for a Bearer token. */
        Error: {
            /** @description What went wrong, for a person to read. */
            message: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An ID token of the identity provider (Firebase Authentication). */
                    idToken: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClientConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientConfig"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateNickname: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nickname: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateEmailVisibility: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    showEmail: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAbout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    about: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSocialLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    instagramUrl: "" | string;
                    blueskyUrl: "" | string;
                    facebookUrl: "" | string;
                    twitterUrl: "" | string;
                    kofiUrl: "" | string;
                    patreonUrl: "" | string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description image/jpeg, image/png, image/webp under 5 MB.
                     */
                    avatar: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The image is 5 MB or larger: Image size must be less than 5MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not multipart/form-data. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listChatbots: {
        parameters: {
            query?: {
                /** @description Words in the title, tags, series or creator name. */
                search?: string;
                /** @description Listings with an identifier on this platform: one of polybuzz, roleplaya (omitted for all). */
                platform?: "polybuzz" | "roleplaya";
                /** @description Members only: true for NSFW only, false for SFW only (visitors always get SFW only). */
                nsfw?: boolean;
                /** @description Only listings carrying every one of these tags (comma separated, or the parameter repeated). */
                tags?: string[];
                /** @description Only listings carrying none of these tags (comma separated, or the parameter repeated). */
                excludeTags?: string[];
                /** @description newest (default): newest first; popular: unique click-outs of the last 30 days; trending: the last 7 days against the 7 before; az: by title; saved: most saved. Every order pages with the Link header's cursor. */
                sort?: "newest" | "popular" | "trending" | "az" | "saved";
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListedChatbot"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    title: string;
                    /** @description Comma-separated tags. */
                    tags?: string;
                    /** @description One line shown under the title on the card. */
                    tagline?: string | null;
                    /** @description Plain text with line breaks, shown on the listing page (links stay text). */
                    description?: string | null;
                    storySeries?: string | null;
                    polybuzzCid?: string | null;
                    polybuzzUrl?: ("" | string) | null;
                    roleplayaCid?: string | null;
                    roleplayaUrl?: ("" | string) | null;
                    /**
                     * @description Adult content: true or false (default false).
                     * @enum {string}
                     */
                    nsfw?: "true" | "false";
                    imageFocusX?: string;
                    imageFocusY?: string;
                    /**
                     * Format: binary
                     * @description image/jpeg, image/png, image/webp under 5 MB.
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chatbot"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The image is 5 MB or larger: Image size must be less than 5MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not multipart/form-data. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getChatbot: {
        parameters: {
            query?: {
                /** @description true: show a listing hidden by the caller's safety settings this once. */
                showHidden?: boolean;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListedChatbot"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    title?: string;
                    /** @description Comma-separated tags. */
                    tags?: string;
                    /** @description One line shown under the title on the card. */
                    tagline?: string | null;
                    /** @description Plain text with line breaks, shown on the listing page (links stay text). */
                    description?: string | null;
                    storySeries?: string | null;
                    polybuzzCid?: string | null;
                    polybuzzUrl?: ("" | string) | null;
                    roleplayaCid?: string | null;
                    roleplayaUrl?: ("" | string) | null;
                    /**
                     * @description Adult content: true or false (default false).
                     * @enum {string}
                     */
                    nsfw?: "true" | "false";
                    imageFocusX?: string;
                    imageFocusY?: string;
                    /**
                     * Format: binary
                     * @description image/jpeg, image/png, image/webp under 5 MB.
                     */
                    image?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chatbot"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The image is 5 MB or larger: Image size must be less than 5MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not multipart/form-data. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listChatbotTags: {
        parameters: {
            query?: {
                /** @description Words in the title, tags, series or creator name. */
                search?: string;
                /** @description Listings with an identifier on this platform: one of polybuzz, roleplaya (omitted for all). */
                platform?: "polybuzz" | "roleplaya";
                /** @description Members only: true for NSFW only, false for SFW only (visitors always get SFW only). */
                nsfw?: boolean;
                /** @description Only listings carrying every one of these tags (comma separated, or the parameter repeated). */
                tags?: string[];
                /** @description Only listings carrying none of these tags (comma separated, or the parameter repeated). */
                excludeTags?: string[];
                /** @description How many tags. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagCount"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOwnStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountStats"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getChatbotStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListingStats"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserChatbots: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListedChatbot"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOwnChatbots: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListedChatbot"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSeries: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path: {
                seriesName: string;
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListedChatbot"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importCharacterCard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A character card: PNG (V2 or V3) or JSON, under 5 MB.
                     */
                    card: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterCardImport"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The image is 5 MB or larger: Image size must be less than 5MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not multipart/form-data. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminStats"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPendingUsers: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApprovedUsers: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAllChatbots: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminChatbot"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approveUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rejectUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    moderateChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    title?: string;
                    /** @description Comma-separated tags. */
                    tags?: string;
                    /** @description One line shown under the title on the card. */
                    tagline?: string | null;
                    /** @description Plain text with line breaks, shown on the listing page (links stay text). */
                    description?: string | null;
                    storySeries?: string | null;
                    polybuzzCid?: string | null;
                    polybuzzUrl?: ("" | string) | null;
                    roleplayaCid?: string | null;
                    roleplayaUrl?: ("" | string) | null;
                    /**
                     * @description Adult content: true or false (default false).
                     * @enum {string}
                     */
                    nsfw?: "true" | "false";
                    imageFocusX?: string;
                    imageFocusY?: string;
                    /**
                     * Format: binary
                     * @description image/jpeg, image/png, image/webp under 5 MB.
                     */
                    image?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chatbot"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The image is 5 MB or larger: Image size must be less than 5MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not multipart/form-data. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    moderateDeleteChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    makeAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSafetySettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SafetySettings"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSafetySettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    blockedTags: string[];
                    /** @enum {string} */
                    nsfwDisplay: "show" | "blur" | "hide";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SafetySettings"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmAge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dateOfBirth: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SafetySettings"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFavorites: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
                showHidden?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListedChatbot"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    saveFavorite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                chatbotId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FavoriteState"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeFavorite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                chatbotId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FavoriteState"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFollowingFeed: {
        parameters: {
            query?: {
                search?: string;
                platform?: "polybuzz" | "roleplaya";
                nsfw?: boolean;
                tags?: string[];
                excludeTags?: string[];
                /** @description newest (default): newest first; popular: unique click-outs of the last 30 days; trending: the last 7 days against the 7 before; az: by title; saved: most saved. Every order pages with the Link header's cursor. */
                sort?: "newest" | "popular" | "trending" | "az" | "saved";
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListedChatbot"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    followUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowState"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unfollowUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowState"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportInputInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportReceipt"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listModerationQueue: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueueItem"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    moderateTarget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ModerationActionInputInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModerationResult"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModerationNotices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModerationNotices"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    appealDecision: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    decisionId: string;
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppealReceipt"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
                moderatorId?: string;
                targetId?: string;
                action?: "user.approve" | "user.reject" | "user.delete" | "user.makeAdmin" | "user.removeAdmin" | "user.suspend" | "user.lift" | "listing.edit" | "listing.delete" | "listing.hide" | "listing.restore" | "listing.markNsfw" | "report.dismiss" | "report.resolve" | "verification.approve" | "verification.deny" | "verification.withdraw" | "imageJob.start";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntry"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMyVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyVerification"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    links: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyVerification"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPendingVerifications: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PendingVerification"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listVerifiedCreators: {
        parameters: {
            query?: {
                /** @description Items per page. */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous answer's Link header. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifiedCreator"][];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approveVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationRequest"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    denyVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationRequest"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    withdrawVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyVerification"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the sign-in page /auth. */
            302: {
                headers: {
                    /** @description /auth */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    migrateImages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageMigrationResult"];
                };
            };
            /** @description The job is still running after the wait: its progress so far. Follow the Location header (GET) until its status is no longer running. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJob"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The work failed: the message says what failed, never how. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    repairImages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageRepairResult"];
                };
            };
            /** @description The job is still running after the wait: its progress so far. Follow the Location header (GET) until its status is no longer running. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJob"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (e.g. a nickname already taken). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The work failed: the message says what failed, never how. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getImageJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJob"];
                };
            };
            /** @description Invalid input: the message names the first problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered with, expired or revoked: the message is Invalid or expired API token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's scope does not allow this call. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (writes, and any call with an API token): the message says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                        /** @enum {string} */
                        database: "ok" | "down";
                        /** @enum {string} */
                        storage: "ok" | "down";
                        /**
                         * @description The gallery's own first page and count, read as a visitor reads them.
                         * @enum {string}
                         */
                        gallery: "ok" | "down";
                    };
                };
            };
            /** @description The database or the object storage is temporarily unavailable; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                        /** @enum {string} */
                        database: "ok" | "down";
                        /** @enum {string} */
                        storage: "ok" | "down";
                        /**
                         * @description The gallery's own first page and count, read as a visitor reads them.
                         * @enum {string}
                         */
                        gallery: "ok" | "down";
                    };
                };
            };
        };
    };
}
