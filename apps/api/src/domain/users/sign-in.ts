import type { ClientConfig, User } from "@gallery/schema";
import { InvalidTokenError } from "../../services/identity.js";
import type { Deps } from "../deps.js";
import { UnauthorizedError } from "../errors.js";
import { toUser } from "./to-user.js";

/** Splits the provider's display name into first and last name. */
function splitName(name: string | null) {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0]!, lastName: parts.length > 1 ? parts.slice(1).join(" ") : null };
}

/** Who signed in: the user, and when the identity provider authenticated them (seconds). */
export interface SignedIn {
  user: User;
  userId: string;
  authTime: number;
}

/**
 * Verifies an identity-provider ID token and creates or refreshes the user. New users are approved
 * unless REQUIRE_APPROVAL is on; a verified e-mail in SUPER_ADMIN_EMAILS makes the user a super admin.
 * Starting the server session is the edge's part (tRPC auth.verify, REST POST /api/auth/verify).
 */
export async function signIn(deps: Deps, input: { idToken: string }): Promise<SignedIn> {
  let identity: Awaited<ReturnType<typeof deps.identity.verifyIdToken>>;
  try {
    identity = await deps.identity.verifyIdToken(input.idToken);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new UnauthorizedError();
    throw error;
  }
  const { firstName, lastName } = splitName(identity.name);
  const superAdmin =
    identity.emailVerified && identity.email !== null && deps.config.superAdminEmails.includes(identity.email);

  const user = await deps.db.transaction().execute(async (trx) => {
    // Match by provider uid first, then adopt an existing row with the same e-mail (e.g. seeded or re-created account).
    const existing =
      (await trx.selectFrom("users").selectAll().where("firebaseUid", "=", identity.uid).executeTakeFirst()) ??
      (identity.email
        ? await trx.selectFrom("users").selectAll().where("email", "=", identity.email).executeTakeFirst()
        : undefined);
    if (existing) {
      const fromProvider = {
        firebaseUid: identity.uid,
        email: identity.email ?? existing.email,
        firstName: existing.firstName ?? firstName,
        lastName: existing.lastName ?? lastName,
        profileImageUrl: identity.picture ?? existing.profileImageUrl,
        // Whether the provider vouches for the e-mail now: a report weighs only then (policy.reporterWeight).
        emailVerified: identity.emailVerified,
        ...(superAdmin ? { isSuperAdmin: true, isAdmin: true, isApproved: true } : {}),
      };
      // A returning member whose provider says nothing new writes nothing: a sign-in changes no public
      // answer, so it must not drop every instance's shared copies (plugins/app/response-cache.ts).
      const unchanged = Object.entries(fromProvider).every(
        ([column, value]) => existing[column as keyof typeof existing] === value,
      );
      if (unchanged) return existing;
      return trx
        .updateTable("users")
        .set({ ...fromProvider, updatedAt: new Date() })
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return (
      trx
        .insertInto("users")
        .values({
          firebaseUid: identity.uid,
          email: identity.email,
          firstName,
          lastName,
          profileImageUrl: identity.picture,
          emailVerified: identity.emailVerified,
          isApproved: superAdmin || !deps.config.requireApproval,
          isAdmin: superAdmin,
          isSuperAdmin: superAdmin,
        })
        // Two sign-ins of a new account at once (e.g. two tabs) must not fail on the unique uid.
        .onConflict((oc) => oc.column("firebaseUid").doUpdateSet({ updatedAt: new Date() }))
        .returningAll()
        .executeTakeFirstOrThrow()
    );
  });
  return { user: toUser(user), userId: user.id, authTime: identity.authTime };
}

/** What the web app needs to talk to the identity provider (public settings only). */
export function clientConfig(deps: Pick<Deps, "config">): ClientConfig {
  const { firebase } = deps.config;
  return {
    firebase: {
      apiKey: firebase.apiKey,
      authDomain: firebase.authDomain,
      projectId: firebase.projectId,
      appId: firebase.appId,
    },
    authEmulatorUrl: firebase.emulatorUrl ?? null,
  };
}
