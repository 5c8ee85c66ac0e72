import type { UserRow } from "@gallery/db";
import { AUTH_MESSAGES, type ClientConfig, type User } from "@gallery/schema";
import { InvalidTokenError } from "../../services/identity.js";
import { brokeConstraint, type Deps } from "../deps.js";
import { ConflictError, UnauthorizedError } from "../errors.js";
import { toUser } from "./to-user.js";

/** Longer than any provider's photo address; a longer one is not kept. */
const PHOTO_URL_MAX = 2048;

/**
 * A provider's photo address as the gallery keeps it: https only (a `javascript:`, `data:` or plain http address
 * is never stored), otherwise null.
 */
export function providerPhotoUrl(picture: string | null | undefined): string | null {
  if (!picture || picture.length > PHOTO_URL_MAX) return null;
  try {
    const url = new URL(picture);
    return url.protocol === "https:" && url.hostname !== "" ? url.href : null;
  } catch {
    return null;
  }
}

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
 * unless REQUIRE_APPROVAL is on; a verified e-mail in SUPER_ADMIN_EMAILS makes the user a super admin. An
 * unverified e-mail proves nothing: it never adopts an existing row (nor its roles), and a new identity cannot take
 * an e-mail another account holds (409).
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
  // Only an e-mail the provider has verified proves anything: it alone may adopt a row or make a super admin.
  const verifiedEmail = identity.emailVerified ? identity.email : null;
  const superAdmin = verifiedEmail !== null && deps.config.superAdminEmails.includes(verifiedEmail);
  const photo = providerPhotoUrl(identity.picture);

  const user = await deps.db
    .transaction()
    .execute(async (trx) => {
      const holderOf = (email: string) =>
        trx.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
      // Match by provider uid first, then by e-mail: the row of a verified e-mail is adopted (a seeded account, or
      // one whose provider account was re-created), and so is this same account's (a sign-in in another tab made
      // it meanwhile). An unverified e-mail adopts nothing, since anyone can claim one: a new identity whose
      // unverified e-mail another account holds may neither enter that account nor take the (unique) e-mail.
      // Verifying it at the provider lets them in.
      const byUid = await trx
        .selectFrom("users")
        .selectAll()
        .where("firebaseUid", "=", identity.uid)
        .executeTakeFirst();
      const byEmail = byUid || !identity.email ? undefined : await holderOf(identity.email);
      if (byEmail && byEmail.firebaseUid !== identity.uid && verifiedEmail === null) {
        throw new ConflictError(AUTH_MESSAGES.emailTaken);
      }
      const existing = byUid ?? byEmail;
      if (existing) {
        const email = await emailToKeep(existing, identity.email, holderOf);
        const fromProvider = {
          firebaseUid: identity.uid,
          email,
          firstName: existing.firstName ?? firstName,
          lastName: existing.lastName ?? lastName,
          profileImageUrl: photo ?? providerPhotoUrl(existing.profileImageUrl),
          // Whether the provider vouches for the e-mail now: a report weighs only then (policy.reporterWeight).
          emailVerified: identity.emailVerified && email === identity.email,
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
            profileImageUrl: photo,
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
    })
    .catch((error: unknown) => {
      // Another account took the e-mail between the check and the write.
      if (brokeConstraint(error, "unique")) throw new ConflictError(AUTH_MESSAGES.emailTaken);
      throw error;
    });
  return { user: toUser(user), userId: user.id, authTime: identity.authTime };
}

/**
 * The e-mail a returning member's row keeps: the provider's current one, unless another account holds it (then
 * the row keeps its own rather than failing on the unique e-mail).
 */
async function emailToKeep(
  existing: UserRow,
  email: string | null,
  holderOf: (email: string) => Promise<UserRow | undefined>,
): Promise<string | null> {
  if (email === null || email === existing.email) return existing.email;
  const holder = await holderOf(email);
  return holder && holder.id !== existing.id ? existing.email : email;
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
