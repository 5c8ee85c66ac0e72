import type { User } from "@gallery/schema/types";
import { Avatar } from "@gallery/ui";
import { avatarLetter } from "./avatar-letter";

/** The signed-in user's avatar image, falling back to a letter (see avatarLetter). */
export function NavAvatar({ user }: { user: Pick<User, "avatarUrl" | "profileImageUrl" | "firstName" | "email"> }) {
  return <Avatar src={user.avatarUrl ?? user.profileImageUrl} fallback={avatarLetter(user)} />;
}
