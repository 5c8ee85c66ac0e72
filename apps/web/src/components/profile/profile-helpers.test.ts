import type { Chatbot } from "@gallery/schema/types";
import { describe, expect, it } from "vitest";
import { checkAvatarFile } from "./avatar-uploader";
import { profileStats } from "./profile-stats";

const file = (type: string, size: number) => new File([new Uint8Array(size)], "a", { type });

describe("checkAvatarFile", () => {
  it("accepts JPEG, PNG and WebP under 5 MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) expect(checkAvatarFile(file(type, 10))).toBeNull();
    expect(checkAvatarFile(file("image/png", 5 * 1024 * 1024 - 1))).toBeNull();
  });
  it("refuses other types and larger files with the spec's toasts", () => {
    expect(checkAvatarFile(file("image/gif", 10))).toEqual({
      title: "Invalid file type",
      description: "Please select a JPEG, PNG, or WebP image.",
    });
    expect(checkAvatarFile(file("image/png", 5 * 1024 * 1024))).toEqual({
      title: "File too large",
      description: "Please select an image smaller than 5MB.",
    });
  });
});

describe("profileStats", () => {
  const bot = (fields: Partial<Chatbot>) =>
    ({ storySeries: null, polybuzzCid: null, roleplayaCid: null, ...fields }) as Chatbot;
  it("counts listings, distinct series and distinct platforms", () => {
    expect(profileStats([])).toEqual({ chatbots: 0, series: 0, platforms: 0 });
    expect(
      profileStats([
        bot({ storySeries: "Saga", polybuzzCid: "a" }),
        bot({ storySeries: "Saga", roleplayaCid: "b" }),
        bot({ storySeries: " ", polybuzzCid: "c" }),
        bot({ storySeries: "Other" }),
      ]),
    ).toEqual({ chatbots: 4, series: 2, platforms: 2 });
  });
});
