import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { signedOut } from "../../test/auth-state";
import { renderWithNav, stubScreen } from "../../test/render-app";

vi.mock("../../auth/use-auth", () => ({ useAuth: () => signedOut() }));

function submitSearch(term: string) {
  const input = screen.getByPlaceholderText("Search chatbots...");
  fireEvent.change(input, { target: { value: term } });
  fireEvent.submit(input.closest("form")!);
}

describe("nav search (large screens: inline)", () => {
  beforeEach(() => stubScreen(true));

  it("navigates to /?search={term} with the trimmed term", async () => {
    const { router } = await renderWithNav("/dashboard");
    submitSearch("  dragon knight  ");
    await screen.findByRole("heading", { name: "Browse page" });
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toEqual({ search: "dragon knight" });
    expect(router.state.location.href).toBe("/?search=dragon+knight");
  });

  it("does nothing for an empty or blank term", async () => {
    const { router } = await renderWithNav("/dashboard");
    submitSearch("");
    submitSearch("    ");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(screen.getByRole("heading", { name: "Dashboard page" })).toBeTruthy();
  });

  it("has exactly one search box, with the spec's placeholder", async () => {
    await renderWithNav("/dashboard");
    expect(screen.getAllByPlaceholderText("Search chatbots...")).toHaveLength(1);
  });

  it("on the gallery, whose own search box is in sight under it, waits behind the search button", async () => {
    await renderWithNav("/");
    expect(screen.queryByPlaceholderText("Search chatbots...")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open search" }));
    expect(screen.getAllByPlaceholderText("Search chatbots...")).toHaveLength(1);
  });
});

describe("nav search (small screens: toggled)", () => {
  beforeEach(() => stubScreen(false));

  it("is hidden until the search button opens it, and closes after a search", async () => {
    const { router } = await renderWithNav("/dashboard");
    expect(screen.queryByPlaceholderText("Search chatbots...")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open search" }));
    submitSearch("elf");
    await screen.findByRole("heading", { name: "Browse page" });
    expect(router.state.location.search).toEqual({ search: "elf" });
    expect(screen.queryByPlaceholderText("Search chatbots...")).toBeNull();
  });

  it("stays open and stays put on a blank term", async () => {
    const { router } = await renderWithNav("/dashboard");
    fireEvent.click(screen.getByRole("button", { name: "Open search" }));
    submitSearch("   ");
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(screen.getByPlaceholderText("Search chatbots...")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close search" }));
    expect(screen.queryByPlaceholderText("Search chatbots...")).toBeNull();
  });
});
