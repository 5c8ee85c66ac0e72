import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RatingSummary } from "./rating-summary";
import { sortOf, validateListingSearch } from "./review-search";
import { Stars } from "./stars";

afterEach(cleanup);

describe("the listing page's reviews", () => {
  it("keeps only a known sort in the URL; newest is the default and left out", () => {
    expect(validateListingSearch({ reviews: "helpful" })).toEqual({ reviews: "helpful" });
    expect(validateListingSearch({ reviews: "newest" })).toEqual({});
    expect(validateListingSearch({ reviews: "<script>" })).toEqual({});
    expect(sortOf({})).toBe("newest");
    expect(sortOf({ reviews: "helpful" })).toBe("helpful");
  });

  it("shows the score as '4.6 ★ · 128' and reads it in words; none yet, once", () => {
    render(<RatingSummary rating={{ average: 4.56, count: 128 }} />);
    expect(screen.getByText("4.6 ★ · 128").getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByText("Rated 4.6 out of 5 by 128 members").className).toContain("sr-only");
    cleanup();
    render(<RatingSummary rating={{ average: null, count: 0 }} />);
    expect(screen.getByTestId("listing-rating").textContent).toBe("No ratings yet");
  });

  it("names a review's stars in words", () => {
    render(<Stars rating={4} />);
    expect(screen.getByRole("img", { name: "4 out of 5 stars" }).querySelectorAll("svg")).toHaveLength(5);
  });
});
