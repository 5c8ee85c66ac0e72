import {
  aboutSchema,
  emailVisibilitySchema,
  nicknameSchema,
  profileSchema,
  socialLinksInputSchema,
  userIdSchema,
  userResponseSchema,
} from "@gallery/schema";
import { z } from "zod";
import {
  readProfile,
  updateAbout,
  updateAvatar,
  updateEmailVisibility,
  updateNickname,
  updateSocialLinks,
} from "../domain/users/profile.js";
import { mutation, query, rest } from "./call.js";
import { formDataInput } from "./form-data.js";
import { uploadSchema } from "./rest-schemas.js";

const nicknameInput = z.object({ nickname: nicknameSchema });
const aboutInput = z.object({ about: aboutSchema });

/** Profiles. Every change applies to the caller's own account only: no call takes a user id to change. */
export const usersCalls = {
  byId: query({
    access: "public",
    input: userIdSchema,
    output: profileSchema,
    sharing: {
      by: ["visitor"],
      why: "Visitors get the public fields; members see e-mails and moderators pending profiles, so theirs are not shared.",
    },
    run: readProfile,
    rest: rest({
      method: "GET",
      path: "/users/:userId",
      operationId: "getUser",
      summary: "A profile",
      description:
        "Visitors and other members get the public fields (PublicProfile); the owner and moderators get the whole User. A pending user's profile is visible to themselves and moderators only.",
      tag: "users",
      params: userIdSchema,
      errors: [404],
      publicRead: true,
    }),
  }),

  updateNickname: mutation({
    access: "member",
    input: nicknameInput,
    output: userResponseSchema,
    run: updateNickname,
    rest: rest({
      method: "PUT",
      path: "/user/nickname",
      operationId: "updateNickname",
      summary: "Change the nickname",
      description: "At most 32 characters, unique whatever the case.",
      tag: "users",
      body: nicknameInput,
      errors: [409],
    }),
  }),

  updateEmailVisibility: mutation({
    access: "member",
    input: emailVisibilitySchema,
    output: userResponseSchema,
    run: updateEmailVisibility,
    rest: rest({
      method: "PUT",
      path: "/user/email-visibility",
      operationId: "updateEmailVisibility",
      summary: "Shows or hides the caller's e-mail from signed-in members",
      description: "Off: no call returns the e-mail to anyone but its owner and moderators.",
      tag: "users",
      body: emailVisibilitySchema,
    }),
  }),

  updateAbout: mutation({
    access: "member",
    input: aboutInput,
    output: userResponseSchema,
    run: updateAbout,
    rest: rest({
      method: "PUT",
      path: "/user/about",
      operationId: "updateAbout",
      summary: "Change the about text",
      description: "At most 500 characters, no web addresses; an empty text clears it.",
      tag: "users",
      body: aboutInput,
    }),
  }),

  updateSocialLinks: mutation({
    access: "member",
    input: socialLinksInputSchema,
    output: userResponseSchema,
    run: updateSocialLinks,
    rest: rest({
      method: "PUT",
      path: "/user/social-media",
      operationId: "updateSocialLinks",
      summary: "Change the six social links",
      description: 'All six every time: a web address, or "" for none.',
      tag: "users",
      body: socialLinksInputSchema,
    }),
  }),

  /** FormData with the file `avatar`. */
  updateAvatar: mutation({
    access: "member",
    input: formDataInput(z.object({}), ["avatar"]),
    output: userResponseSchema,
    run: (ctx, viewer, input) => updateAvatar(ctx, viewer, { avatar: input.avatar }),
    rest: rest({
      method: "PUT",
      path: "/user/avatar",
      operationId: "updateAvatar",
      summary: "Upload an avatar",
      description: "JPG, PNG or WebP under 5 MB. A visitor's upload is refused before it is read.",
      tag: "users",
      body: z.object({ avatar: uploadSchema("Please select a JPEG, PNG, or WebP image.") }),
      multipart: true,
      input: ({ body }) => ({ values: {}, avatar: body.avatar }),
    }),
  }),
};
