import { isRedirect } from "@tanstack/react-router";
import { describe, expect, it, vi } from "vitest";
import { createAuthGate } from "../../auth/auth-gate";
import { testUser } from "../../test/auth-state";
import { redirectIfSignedIn, requireSignIn } from "./guards";

const settledGate = (user: ReturnType<typeof testUser> | null) => {
  const gate = createAuthGate();
  gate.publish({ user });
  return gate;
};

describe("requireSignIn", () => {
  it("waits for the session, then lets a member in with the user in the route context", async () => {
    const gate = createAuthGate();
    const result = requireSignIn({ context: { auth: gate } });
    gate.publish(null); // still loading
    gate.publish({ user: testUser({ email: "kai@example.com" }) });
    await expect(result).resolves.toMatchObject({ user: { email: "kai@example.com" } });
  });

  it("sends a visitor to /auth after 500 ms", async () => {
    vi.useFakeTimers();
    try {
      let outcome: unknown;
      requireSignIn({ context: { auth: settledGate(null) } }).catch((error: unknown) => {
        outcome = error;
      });
      await vi.advanceTimersByTimeAsync(499);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(isRedirect(outcome)).toBe(true);
      expect((outcome as { options: { to: string } }).options.to).toBe("/auth");
    } finally {
      vi.useRealTimers();
    }
  });

  it("decides at once for a hover preload", async () => {
    const error = await requireSignIn({ context: { auth: settledGate(null) }, preload: true }).catch((e: unknown) => e);
    expect(isRedirect(error)).toBe(true);
  });
});

describe("redirectIfSignedIn", () => {
  it("sends a signed-in user to / and lets a visitor stay", async () => {
    const error = await redirectIfSignedIn({ context: { auth: settledGate(testUser()) } }).catch((e: unknown) => e);
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { to: string } }).options.to).toBe("/");
    await expect(redirectIfSignedIn({ context: { auth: settledGate(null) } })).resolves.toBeUndefined();
  });
});
