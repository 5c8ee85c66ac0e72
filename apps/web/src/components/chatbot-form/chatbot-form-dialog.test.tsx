import type { Chatbot } from "@gallery/schema/types";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ChatbotFormDialog } from "./chatbot-form-dialog";

const mutate = vi.fn();
vi.mock("./use-save-chatbot", () => ({ useSaveChatbot: () => ({ mutate, isPending: false }) }));

const chatbot: Chatbot = {
  id: "00000000-0000-4000-8000-00000000000a",
  title: "Luna",
  tags: ["moon"],
  polybuzzCid: null,
  polybuzzUrl: null,
  roleplayaCid: null,
  roleplayaUrl: null,
  storySeries: null,
  nsfw: false,
  imageUrl: "/images/original.webp",
  thumbnailUrl: "/images/thumb.webp",
  userId: "00000000-0000-4000-8000-000000000001",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  user: null,
} as unknown as Chatbot;

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe("the chatbot form's messages", () => {
  it("admin: 'Name is required' after a submit goes as soon as a name is typed back in", async () => {
    render(<ChatbotFormDialog variant="admin" open onOpenChange={() => {}} chatbot={chatbot} />);
    type("Name*", "");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save Changes" })));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    type("Name*", "L");
    await vi.waitFor(() => expect(screen.queryByText("Name is required")).toBeNull());
    // Emptied again: the message is back at once (revalidated on change after the first submit).
    type("Name*", "");
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
  });

  it("owner: no message before the first submit", async () => {
    render(<ChatbotFormDialog variant="owner" open onOpenChange={() => {}} chatbot={chatbot} />);
    type("Title *", "");
    await act(async () => {});
    expect(screen.queryByText("Title is required")).toBeNull();
  });
});
