import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Highlight, highlightParts } from "./highlight";

describe("highlighted search words", () => {
  it("marks the start of each word that starts with a searched word, in any case", () => {
    expect(highlightParts("Vampire Lord of the vampires", ["vamp", "lord"])).toEqual([
      { text: "Vamp", marked: true },
      { text: "ire ", marked: false },
      { text: "Lord", marked: true },
      { text: " of the ", marked: false },
      { text: "vamp", marked: true },
      { text: "ires", marked: false },
    ]);
    expect(highlightParts("Elf", [])).toEqual([{ text: "Elf", marked: false }]);
    // The longest searched word wins; a word inside another is not a match.
    expect(
      highlightParts("Elfin elf", ["el", "elfin"])
        .filter((p) => p.marked)
        .map((p) => p.text),
    ).toEqual(["Elfin", "el"]);
    expect(highlightParts("Self", ["elf"])).toEqual([{ text: "Self", marked: false }]);
  });

  it("renders text and <mark> only: markup in a title stays text", () => {
    const { container } = render(<Highlight text={'<img src=x onerror="alert(1)"> Elf'} words={["elf", "img"]} />);
    expect(container.querySelectorAll("img")).toHaveLength(0);
    expect([...container.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["img", "Elf"]);
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> Elf');
  });
});
