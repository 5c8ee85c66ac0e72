import type { User } from "@gallery/schema/types";

/**
 * The nav avatar's fallback (spec section 2): the first letter of firstName, then of email, then '?'.
 * The letter is shown as written (the spec asks for upper case only for creator initials).
 */
export function avatarLetter(user: Pick<User, "firstName" | "email"> | null | undefined): string {
  return user?.firstName?.trim()[0] ?? user?.email?.trim()[0] ?? "?";
}
