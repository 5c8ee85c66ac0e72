import { fireEvent, render, screen } from "@testing-library/react";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import { SERVER_TROUBLE } from "../../lib/errors";
import { QueryContent } from "./load-failed";

const serverFault = new TRPCClientError("Internal Server Error", {
  result: { error: { code: -32603, message: "Internal Server Error", data: { code: "X", httpStatus: 500 } } },
});

/** A read as TanStack Query reports it. */
const query = (state: { data?: unknown; error?: unknown; isFetching?: boolean }) => ({
  data: state.data,
  error: state.error ?? null,
  isError: Boolean(state.error),
  isRefetchError: Boolean(state.error) && state.data !== undefined,
  isFetching: state.isFetching ?? false,
  refetch: vi.fn(),
});

describe("QueryContent", () => {
  it("stands in for the content when nothing was loaded: what failed, why, and Retry", () => {
    const failed = query({ error: serverFault });
    render(
      <QueryContent query={failed} what="Your chatbots">
        <p>No chatbots yet</p>
      </QueryContent>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Your chatbots could not be loaded");
    expect(alert.textContent).toContain(SERVER_TROUBLE);
    // Never the empty state.
    expect(screen.queryByText("No chatbots yet")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it("keeps what was loaded before when a refresh fails, with a notice and Retry", () => {
    render(
      <QueryContent query={query({ data: ["one"], error: serverFault })} what="Your chatbots">
        <p>Chatbot one</p>
      </QueryContent>,
    );
    expect(screen.getByText("Chatbot one")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(
      "Your chatbots could not be refreshed: showing what was loaded before",
    );
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("shows the content alone when the read did not fail, and a waiting button while retrying", () => {
    const { rerender } = render(
      <QueryContent query={query({ data: [] })} what="Your chatbots">
        <p>No chatbots yet</p>
      </QueryContent>,
    );
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(
      <QueryContent query={query({ error: serverFault, isFetching: true })} what="Your chatbots">
        <p>No chatbots yet</p>
      </QueryContent>,
    );
    expect((screen.getByRole("button", { name: "Retrying..." }) as HTMLButtonElement).disabled).toBe(true);
  });
});
