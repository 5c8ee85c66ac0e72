import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AddressProblems, problemText } from "./address-problems";

describe("problemText", () => {
  it("names the part of the address and its value", () => {
    expect(problemText({ part: "sort", value: "bogus" })).toBe(`The address has a sort order we don't know: "bogus"`);
    expect(problemText({ part: "platform", value: "myspace" })).toBe(
      `The address has a platform we don't know: "myspace"`,
    );
    expect(problemText({ part: "tags", value: "t".repeat(60), reason: "Each tag must be 50 characters or less" })).toBe(
      `The address has a tag filter we can't use: "${"t".repeat(40)}…"`,
    );
    expect(problemText({ part: null, value: "", reason: "The text contains characters that cannot be stored" })).toBe(
      "The address has filters we can't use",
    );
  });
});

describe("AddressProblems", () => {
  it("offers to clear the one wrong part", () => {
    const onClear = vi.fn();
    render(<AddressProblems problems={[{ part: "sort", value: "bogus" }]} onClear={onClear} />);
    expect(screen.getByRole("alert").textContent).toContain(`The address has a sort order we don't know: "bogus"`);
    fireEvent.click(screen.getByRole("button", { name: "Clear the sort order" }));
    expect(onClear).toHaveBeenCalledWith(["sort"]);
  });

  it("says the server's reason, and clears every wrong part at once", () => {
    const onClear = vi.fn();
    render(
      <AddressProblems
        problems={[
          { part: "tags", value: "x".repeat(60), reason: "Each tag must be 50 characters or less" },
          { part: "search", value: "y".repeat(300), reason: "Search must be 200 characters or less" },
        ]}
        onClear={onClear}
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain("Each tag must be 50 characters or less");
    fireEvent.click(screen.getByRole("button", { name: "Clear these parts of the address" }));
    expect(onClear).toHaveBeenCalledWith(["tags", "search"]);
  });
});
