import { Toaster, toast } from "@gallery/ui";
import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

describe("toasts (spec: at most one at a time)", () => {
  it("a new toast replaces the one shown", async () => {
    render(<Toaster />);
    act(() => {
      toast.success("Chatbot created successfully!");
    });
    await screen.findByText("Chatbot created successfully!");
    act(() => {
      toast.error("Error", { description: "Failed to delete chatbot. Please try again." });
    });
    await screen.findByText("Failed to delete chatbot. Please try again.");
    await waitFor(() => expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1));
    expect(screen.queryByText("Chatbot created successfully!")).toBeNull();
  });
});
