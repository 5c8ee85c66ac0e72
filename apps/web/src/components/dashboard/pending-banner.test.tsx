import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PendingBanner } from "./pending-banner";

describe("PendingBanner", () => {
  it("tells a member the server reports as pending that they wait for approval", () => {
    render(<PendingBanner user={{ isApproved: false }} />);
    expect(screen.getByRole("status").textContent).toContain(
      "Your account is waiting for an administrator's approval.",
    );
  });

  it("says nothing to an approved member", () => {
    const { container } = render(<PendingBanner user={{ isApproved: true }} />);
    expect(container.textContent).toBe("");
  });
});
