import {
  idSchema,
  myVerificationSchema,
  pendingVerificationSchema,
  verificationDecisionInputSchema,
  verificationDenyInputSchema,
  verificationRequestInputSchema,
  verificationRequestSchema,
  verificationWithdrawInputSchema,
  verifiedCreatorSchema,
} from "@gallery/schema";
import { VERIFICATION_TEXTS } from "@gallery/schema/verification-texts";
import { z } from "zod";
import {
  approveVerification,
  denyVerification,
  listPendingVerifications,
  listVerifiedCreators,
  myVerification,
  requestVerification,
  withdrawVerification,
} from "../domain/users/verification.js";
import { moderatorList } from "./admin.js";
import { mutation, query, rest } from "./call.js";

/**
 * Verified creators (issue 23, item 6): a creator asks and reads their status; moderators list, approve, deny
 * and withdraw. Personal and moderator reads: nothing here is shared.
 */
export const verificationCalls = {
  mine: query({
    access: "member",
    output: myVerificationSchema,
    run: myVerification,
    rest: rest({
      method: "GET",
      path: "/verification",
      operationId: "getMyVerification",
      summary: "Whether I am a verified creator, and my latest request",
      tag: "members",
    }),
  }),

  request: mutation({
    access: "publisher",
    input: verificationRequestInputSchema,
    output: myVerificationSchema,
    run: requestVerification,
    rest: rest({
      method: "POST",
      path: "/verification",
      operationId: "requestVerification",
      summary: "Ask to be a verified creator",
      description: VERIFICATION_TEXTS.requestDescription,
      tag: "members",
      body: verificationRequestInputSchema,
      status: 201,
      errors: [409],
    }),
  }),

  pending: moderatorList({
    item: pendingVerificationSchema,
    run: listPendingVerifications,
    path: "/verification/pending",
    operationId: "listPendingVerifications",
    summary: "Verification requests waiting for a moderator, oldest first",
  }),

  verified: moderatorList({
    item: verifiedCreatorSchema,
    run: listVerifiedCreators,
    path: "/verification/verified",
    operationId: "listVerifiedCreators",
    summary: "Verified creators, most recently verified first",
  }),

  approve: mutation({
    access: "moderator",
    input: verificationDecisionInputSchema,
    output: verificationRequestSchema,
    run: approveVerification,
    rest: rest({
      method: "POST",
      path: "/verification/:id/approve",
      operationId: "approveVerification",
      summary: "Approve a verification request: the creator gets the mark",
      tag: "admin",
      params: verificationDecisionInputSchema,
      errors: [404, 409],
    }),
  }),

  deny: mutation({
    access: "moderator",
    input: verificationDenyInputSchema,
    output: verificationRequestSchema,
    run: denyVerification,
    rest: rest({
      method: "POST",
      path: "/verification/:id/deny",
      operationId: "denyVerification",
      summary: "Deny a verification request, with a reason the creator sees",
      tag: "admin",
      params: verificationDecisionInputSchema,
      body: verificationDenyInputSchema.omit({ id: true }),
      errors: [404, 409],
    }),
  }),

  withdraw: mutation({
    access: "moderator",
    input: verificationWithdrawInputSchema,
    output: myVerificationSchema,
    run: withdrawVerification,
    rest: rest({
      method: "POST",
      path: "/verification/users/:userId/withdraw",
      operationId: "withdrawVerification",
      summary: "Remove a creator's verified mark, with a reason the creator sees",
      tag: "admin",
      params: z.object({ userId: idSchema }),
      body: verificationWithdrawInputSchema.omit({ userId: true }),
      errors: [404, 409],
    }),
  }),
};
