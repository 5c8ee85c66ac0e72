import { describe, expect, it } from "vitest";
import { chatbotDialogSchema, initialValues, toFormData } from "./form-values";

const valid = {
  ...initialValues(),
  title: "  Luna  ",
  tags: " fantasy, , moon ,",
  polybuzzUrl: "https://polybuzz.ai/x",
};

describe("chatbotDialogSchema", () => {
  it("requires a title", () => {
    const result = chatbotDialogSchema.safeParse({ ...valid, title: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["title"]);
  });

  it("accepts empty URLs but refuses text that is not a URL", () => {
    expect(chatbotDialogSchema.safeParse({ ...valid, polybuzzUrl: "" }).success).toBe(true);
    const result = chatbotDialogSchema.safeParse({ ...valid, roleplayaUrl: "not a url" });
    expect(result.error?.issues[0]?.path).toEqual(["roleplayaUrl"]);
  });
});

describe("toFormData", () => {
  it("joins trimmed tags, sends the rating as text and empty optionals as ''", () => {
    const form = toFormData(chatbotDialogSchema.parse({ ...valid, nsfw: "true" }), null);
    expect(form.get("title")).toBe("Luna");
    expect(form.get("tags")).toBe("fantasy,moon");
    expect(form.get("nsfw")).toBe("true");
    expect(form.get("storySeries")).toBe("");
    expect(form.get("polybuzzUrl")).toBe("https://polybuzz.ai/x");
    expect(form.has("image")).toBe(false);
  });

  it("adds the image only when one was chosen", () => {
    const image = new File(["x"], "bot.png", { type: "image/png" });
    expect((toFormData(chatbotDialogSchema.parse(valid), image).get("image") as File).name).toBe("bot.png");
  });
});

describe("initialValues", () => {
  it("fills the edit form from a listing", () => {
    const values = initialValues({ title: "A", tags: ["x", "y"], nsfw: true, storySeries: null } as never);
    expect(values).toMatchObject({ title: "A", tags: "x, y", nsfw: "true", storySeries: "" });
  });
});
