/** Shapes the api returns, as JSON (dates are ISO strings). */
export interface User {
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
}

/** The creator as embedded in listings. */
export interface Creator {
  id: string;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  avatarUrl: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
}

export interface Chatbot {
  id: string;
  title: string;
  tags: string[];
  polybuzzCid: string | null;
  polybuzzUrl: string | null;
  roleplayaCid: string | null;
  roleplayaUrl: string | null;
  storySeries: string | null;
  nsfw: boolean;
  imageUrl: string | null;
  /** Card-size variant of imageUrl: the gallery shows this, never the original. */
  thumbnailUrl: string | null;
  userId: string;
  createdAt: string;
  updatedAt: string;
  user?: Creator;
}

export interface AdminChatbot extends Chatbot {
  userName: string;
  userEmail: string | null;
}

export interface AdminStats {
  pendingUsers: number;
  approvedUsers: number;
  totalChatbots: number;
  totalUsers: number;
}
