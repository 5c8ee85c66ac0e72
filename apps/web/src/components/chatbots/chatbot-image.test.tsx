import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeTRPCClient, TRPCProvider } from "../../lib/trpc";
import { ChatbotImage } from "./chatbot-image";
import { PICTURE_RETRY_DELAYS_MS } from "./use-picture-retry";

/** The browser's off-screen image loads: each try answers as `answers` says (true: loaded), in order. */
function stubImageLoads(answers: boolean[]) {
  const tried: string[] = [];
  class TriedImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(value: string) {
      tried.push(value);
      const loaded = answers.shift() ?? false;
      queueMicrotask(() => (loaded ? this.onload?.() : this.onerror?.()));
    }
  }
  vi.stubGlobal("Image", TriedImage);
  return tried;
}

function renderImage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={makeTRPCClient()} queryClient={queryClient}>
        <ChatbotImage
          title="Luna"
          thumbnailUrl="/images/luna-card.webp"
          imageUrl="/images/luna.png"
          locked={false}
          focus={{ x: 50, y: 50 }}
        />
      </TRPCProvider>
    </QueryClientProvider>,
  );
}

describe("a picture that did not load", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("is tried again later (a busy server's 503) and shown once a try loads", async () => {
    vi.useFakeTimers();
    const tried = stubImageLoads([false, true]);
    renderImage();
    fireEvent.error(screen.getByRole("img", { name: "Luna" }));
    expect(screen.getByText("Picture unavailable")).toBeTruthy();
    expect(tried).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(PICTURE_RETRY_DELAYS_MS[0]));
    expect(tried).toEqual(["/images/luna-card.webp"]);
    expect(screen.getByText("Picture unavailable")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PICTURE_RETRY_DELAYS_MS[1]));
    expect(tried).toHaveLength(2);
    expect(screen.queryByText("Picture unavailable")).toBeNull();
    expect(screen.getByRole("img", { name: "Luna" }).getAttribute("src")).toBe("/images/luna-card.webp");
  });

  it("is tried again when the page comes back into focus; one really gone keeps the placeholder", async () => {
    vi.useFakeTimers();
    const tried = stubImageLoads([]);
    renderImage();
    fireEvent.error(screen.getByRole("img", { name: "Luna" }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(tried).toHaveLength(PICTURE_RETRY_DELAYS_MS.length);
    expect(screen.getByText("Picture unavailable")).toBeTruthy();
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
      await Promise.resolve();
    });
    expect(tried).toHaveLength(PICTURE_RETRY_DELAYS_MS.length + 1);
    expect(screen.getByText("Picture unavailable")).toBeTruthy();
  });
});
