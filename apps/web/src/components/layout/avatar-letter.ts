import type { User } from "@gallery/schema/types";

/**
 * The one avatar-letter rule of the web app (spec section 2): the first letter of firstName, then of
 * email, then '?'; always upper case, so the menu button matches the dashboard's avatar.
 */
export function avatarLetter(user: Pick<User, "firstName" | "email"> | null | undefined): string {
  const letter = user?.firstName?.trim()[0] ?? user?.email?.trim()[0] ?? "?";
  return letter.toUpperCase();
}
