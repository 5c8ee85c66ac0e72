// A filterable listing field declared once (packages/schema listing-fields.ts) reaches the web from its entry: the
// address and its problems, the gallery query, the Clear button and the phone's filter count, a select in the
// filters, and the listing form's values. The spec declares no such field, so this file declares one (packages/schema
// testing/listing-field.ts, as "language").
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { chatbotFormSchema, initialValues, toFormData } from "../chatbot-form/form-values";
import { problemText } from "./address-problems";
import {
  activeFilterCount,
  hasActiveFilters,
  readBrowseAddress,
  toListInput,
  validateBrowseSearch,
} from "./browse-filters";
import { FilterControls, type FilterControlsProps } from "./filter-bar";

vi.mock("@gallery/schema/listing-fields", async (importOriginal) =>
  (await import("@gallery/schema/testing/listing-field")).withDeclaredField(
    await importOriginal<typeof import("@gallery/schema/listing-fields")>(),
    "language",
  ),
);

// The declared field's name, as the code sees it when one is declared.
const language = "language" as never;

describe("the address", () => {
  it("reads a declared field's value, and names a value that is none of its choices", () => {
    const good = readBrowseAddress(validateBrowseSearch({ language: "ja", platform: "polybuzz" }));
    expect(good.problems).toEqual([]);
    expect(good.filters).toMatchObject({ language: "ja", platform: "polybuzz" });
    expect(toListInput(good.filters)).toEqual({ platform: "polybuzz", language: "ja" });

    const bad = readBrowseAddress(validateBrowseSearch({ language: "klingon" }));
    expect(bad.problems).toEqual([{ part: "language", value: "klingon" }]);
    expect(bad.filters).not.toHaveProperty("language", "klingon");
    expect(problemText(bad.problems[0]!)).toBe(`The address has a language we don't know: "klingon"`);
  });

  it("counts it as a filter in effect (Clear, the phone's Filters button)", () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ [language]: "en" })).toBe(true);
    expect(activeFilterCount({ [language]: "en", platform: "polybuzz" })).toBe(2);
    expect(toListInput({})).toEqual({});
  });
});

describe("the filters", () => {
  const controls = (change: FilterControlsProps["onListingFieldChange"], value?: string): FilterControlsProps => ({
    sort: "newest",
    sorts: ["newest"],
    onSortChange: () => {},
    platform: undefined,
    onPlatformChange: () => {},
    listingFields: value ? { [language]: value } : {},
    onListingFieldChange: change,
    content: undefined,
    onContentChange: () => {},
    viewer: "visitor",
    canClear: false,
    onClear: () => {},
  });

  it("offer a select of its choices, 'All languages' for none", () => {
    const change = vi.fn();
    const { rerender } = render(<FilterControls {...controls(change)} />);
    const select = screen.getByRole("combobox", { name: "Language" }) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["all", "All languages"],
      ["en", "English"],
      ["ja", "Japanese"],
    ]);
    fireEvent.change(select, { target: { value: "ja" } });
    expect(change).toHaveBeenLastCalledWith("language", "ja");
    rerender(<FilterControls {...controls(change, "ja")} />);
    fireEvent.change(select, { target: { value: "all" } });
    expect(change).toHaveBeenLastCalledWith("language", undefined);
  });
});

describe("the listing form", () => {
  it("starts from the listing's value, sends it ('' for none) and refuses another", () => {
    const values = { ...initialValues({ tags: [], language: "ja" } as never), title: "Luna" };
    expect(values).toMatchObject({ language: "ja" });
    const parsed = chatbotFormSchema.parse(values);
    expect(toFormData(parsed, null).get("language")).toBe("ja");
    expect(toFormData(chatbotFormSchema.parse({ ...values, language: "" }), null).get("language")).toBe("");
    const refused = chatbotFormSchema.safeParse({ ...values, language: "fr" });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["language"], "Language must be one of en, ja"],
    ]);
  });
});
