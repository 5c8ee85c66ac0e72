import { describe, expect, it } from "vitest";
import { chatbotFormSchema, initialValues, toFormData } from "./form-values";

const valid = {
  ...initialValues(),
  title: "  Luna  ",
  tags: " fantasy, , moon ,",
  polybuzzUrl: "https://polybuzz.ai/x",
};

describe("chatbotFormSchema", () => {
  it("requires a title", () => {
    const result = chatbotFormSchema.safeParse({ ...valid, title: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["title"]);
  });

  it("accepts empty URLs but refuses text that is not a URL", () => {
    expect(chatbotFormSchema.safeParse({ ...valid, polybuzzUrl: "" }).success).toBe(true);
    const result = chatbotFormSchema.safeParse({ ...valid, roleplayaUrl: "not a url" });
    expect(result.error?.issues[0]?.path).toEqual(["roleplayaUrl"]);
  });

  it("refuses a link off the platform with the server's message, under its field", () => {
    const result = chatbotFormSchema.safeParse({ ...valid, polybuzzUrl: "https://evil.example/phish" });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ["polybuzzUrl"], message: "Polybuzz URL must be a link to polybuzz.ai" },
    ]);
  });
});

describe("toFormData", () => {
  it("joins trimmed tags, sends the rating as text and empty optionals as ''", () => {
    const form = toFormData(chatbotFormSchema.parse({ ...valid, nsfw: true }), null);
    expect(form.get("title")).toBe("Luna");
    expect(form.get("tags")).toBe("fantasy,moon");
    expect(form.get("nsfw")).toBe("true");
    expect(form.get("storySeries")).toBe("");
    expect(form.get("tagline")).toBe("");
    expect(form.get("description")).toBe("");
    expect(form.get("polybuzzUrl")).toBe("https://polybuzz.ai/x");
    expect(form.has("image")).toBe(false);
    expect(form.has("id")).toBe(false);
  });

  it("adds the image only when one was chosen, and the id of an edited listing", () => {
    const image = new File(["x"], "bot.png", { type: "image/png" });
    const form = toFormData(chatbotFormSchema.parse(valid), image, "00000000-0000-4000-8000-00000000000a");
    expect((form.get("image") as File).name).toBe("bot.png");
    expect(form.get("id")).toBe("00000000-0000-4000-8000-00000000000a");
  });
});

describe("initialValues", () => {
  it("fills the edit form from a listing", () => {
    const values = initialValues({ title: "A", tags: ["x", "y"], nsfw: true, storySeries: null } as never);
    expect(values).toMatchObject({ title: "A", tags: "x, y", nsfw: true, storySeries: "" });
  });
});
