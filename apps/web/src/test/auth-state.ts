import type { User } from "@gallery/schema/types";
import type { AuthState } from "../auth/use-auth";

/** A product user for tests; override any field. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    email: "jane@example.com",
    firstName: "Jane",
    lastName: "Doe",
    nickname: null,
    profileImageUrl: null,
    avatarUrl: null,
    about: null,
    instagramUrl: null,
    blueskyUrl: null,
    facebookUrl: null,
    twitterUrl: null,
    kofiUrl: null,
    patreonUrl: null,
    dateOfBirth: null,
    termsAccepted: false,
    privacyAccepted: false,
    ageVerified: false,
    isApproved: true,
    isAdmin: false,
    isSuperAdmin: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    followerCount: 0,
    isVerified: false,
    showEmail: true,
    ...overrides,
  };
}

export const signedOut = (): AuthState => ({
  status: "signed-out",
  user: null,
  firebaseUser: null,
  isAuthenticated: false,
  isLoading: false,
  signOut: async () => {},
});

export const signedIn = (user: User = testUser()): AuthState => ({
  status: "authenticated",
  user,
  // The nav never reads the identity-provider user.
  firebaseUser: {} as NonNullable<AuthState["firebaseUser"]>,
  isAuthenticated: true,
  isLoading: false,
  signOut: async () => {},
});

export const loading = (): AuthState => ({
  status: "loading",
  user: null,
  firebaseUser: null,
  isAuthenticated: false,
  isLoading: true,
  signOut: async () => {},
});
