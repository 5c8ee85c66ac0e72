import { CountedTextarea, FormDialog } from "@gallery/ui";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

/** The shared frame of the web's form dialogs (packages/ui), as a member meets it. */
function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const handlers = { onOpenChange: vi.fn(), onSubmit: vi.fn() };
  render(
    <FormDialog
      open
      title="Edit collection"
      description="Summer reads"
      submitLabel="Save"
      pendingLabel="Saving..."
      {...handlers}
      {...props}
    >
      <input aria-label="Title" />
    </FormDialog>,
  );
  return handlers;
}

describe("FormDialog", () => {
  it("sends its form, and Cancel closes it", () => {
    const { onOpenChange, onSubmit } = renderDialog({ error: "That title is taken" });
    const dialog = screen.getByRole("dialog", { name: "Edit collection" });
    expect(dialog.textContent).toContain("Summer reads");
    expect(screen.getByRole("alert").textContent).toBe("That title is taken");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("cannot be closed while pending, and says so on its buttons", () => {
    const { onOpenChange } = renderDialog({ pending: true });
    expect(screen.getByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Close" })).toHaveProperty("disabled", true);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows the answer in the form's place, with Done", () => {
    const { onOpenChange } = renderDialog({ result: <p role="status">Thanks, we will look at it.</p> });
    expect(screen.queryByRole("textbox", { name: "Title" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Thanks, we will look at it.");
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("CountedTextarea", () => {
  it("counts the characters against the limit, plain or grouped, as the field's description", () => {
    render(
      <>
        <CountedTextarea id="details" label="Details" value="Stolen" onValueChange={() => {}} maxLength={1000} />
        <CountedTextarea id="review" label="Review" value="Great" onValueChange={() => {}} maxLength={2000} grouped />
      </>,
    );
    expect(screen.getByRole("textbox", { name: "Details" }).getAttribute("aria-describedby")).toBe("details-count");
    expect(document.getElementById("details-count")?.textContent).toBe("6/1000");
    expect(document.getElementById("review-count")?.textContent).toBe("5/2,000");
  });
});
