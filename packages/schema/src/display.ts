/** Display rules of spec section 2 (chatbot card and profile). */
interface NameParts {
  nickname?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export function creatorDisplayName(user: NameParts | null | undefined): string {
  if (!user) return "Unknown User";
  if (user.nickname) return user.nickname;
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  return user.email || "Unknown User";
}

export function creatorInitials(user: NameParts | null | undefined): string {
  if (user?.nickname) return user.nickname.slice(0, 2).toUpperCase();
  if (user?.firstName && user.lastName) return `${user.firstName[0]}${user.lastName[0]}`.toUpperCase();
  if (user?.email) return user.email[0]!.toUpperCase();
  return "?";
}
