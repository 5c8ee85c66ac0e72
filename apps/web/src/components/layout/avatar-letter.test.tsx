import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { testUser } from "../../test/auth-state";
import { avatarLetter } from "./avatar-letter";
import { NavAvatar } from "./nav-avatar";

describe("avatarLetter (spec: first letter of firstName, then of email, then '?'; upper case)", () => {
  it("takes the first letter of firstName", () => {
    expect(avatarLetter({ firstName: "Jane", email: "zed@example.com" })).toBe("J");
  });

  it("falls back to the first letter of email, in upper case", () => {
    expect(avatarLetter({ firstName: null, email: "zed@example.com" })).toBe("Z");
    expect(avatarLetter({ firstName: "", email: "Zed@example.com" })).toBe("Z");
    expect(avatarLetter({ firstName: "   ", email: "zed@example.com" })).toBe("Z");
  });

  it("upper-cases a lower-case first name", () => {
    expect(avatarLetter({ firstName: "émile", email: "zed@example.com" })).toBe("É");
  });

  it("falls back to '?'", () => {
    expect(avatarLetter({ firstName: null, email: null })).toBe("?");
    expect(avatarLetter({ firstName: "", email: "" })).toBe("?");
    expect(avatarLetter(null)).toBe("?");
  });
});

describe("NavAvatar", () => {
  it("shows the fallback letter when there is no image", () => {
    render(<NavAvatar user={testUser({ firstName: "Mara" })} />);
    expect(screen.getByText("M")).toBeTruthy();
    expect(document.querySelector("img")).toBeNull();
  });

  it("shows the image when there is one, preferring avatarUrl", () => {
    const { container } = render(
      <NavAvatar user={testUser({ avatarUrl: "/images/a.webp", profileImageUrl: "https://x.test/p.png" })} />,
    );
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/images/a.webp");
  });
});
