import type { Chatbot } from "@gallery/schema/types";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { aListing } from "../../test/listing";
import { ChatbotFormDialog } from "./chatbot-form-dialog";

const mutate = vi.fn();
vi.mock("./use-save-chatbot", () => ({ useSaveChatbot: () => ({ mutate, isPending: false }) }));

const chatbot: Chatbot = aListing({ tagline: null });

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
