import { toast } from "@gallery/ui";
import { Toaster } from "@gallery/ui/toaster";
import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

describe("toasts (spec: at most one at a time)", () => {
  it("a toast asked for before the toast area has loaded shows once it is there", async () => {
    toast.info("Saved before the toaster loaded");
    render(<Toaster />);
    await screen.findByText("Saved before the toaster loaded");
  });

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
