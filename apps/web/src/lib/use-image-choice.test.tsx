import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useImageChoice } from "./use-image-choice";

const file = (type: string, size: number) => new File([new Uint8Array(size)], "f", { type });

describe("useImageChoice", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses a file that is not an image, and one over 5 MB, with the spec's alerts", () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const onChange = vi.fn();
    const { result } = renderHook(() => useImageChoice(null, onChange));
    act(() => result.current.choose(file("text/plain", 10)));
    act(() => result.current.choose(file("image/png", 5 * 1024 * 1024 + 1)));
    expect(alert.mock.calls.map((call) => call[0])).toEqual([
      "Please select an image file.",
      "Image size must be less than 5MB.",
    ]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("accepts an image up to 5 MB", () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useImageChoice(null, onChange));
    const ok = file("image/webp", 5 * 1024 * 1024);
    act(() => result.current.choose(ok));
    expect(onChange).toHaveBeenCalledWith(ok);
  });
});
