import type { Chatbot } from "@gallery/schema/types";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext } from "../../auth/auth-provider";
import { makeTRPCClient, TRPCProvider } from "../../lib/trpc";
import { signedIn, signedOut } from "../../test/auth-state";
import { aListing } from "../../test/listing";
import { VERIFIED_EXPLAINED } from "../members/verified-mark";
import { ChatbotCard } from "./chatbot-card";

const chatbot: Chatbot = aListing({
  title: "Luna",
  tagline: "Guide of the night sky",
  tags: ["moon", "stars", "night", "magic"],
  storySeries: "Night Tales",
  nsfw: true,
  imageFocusX: 40,
  imageFocusY: 10,
  favoriteCount: 3,
  chatsThisWeek: 1234,
  chatsThisMonth: 5,
});

async function renderCard(
  auth: ReturnType<typeof signedOut>,
  listing: Chatbot = chatbot,
  sort?: Parameters<typeof ChatbotCard>[0]["sort"],
) {
  const rootRoute = createRootRoute({ component: () => <ChatbotCard chatbot={listing} sort={sort} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/"] }) });
  await router.load();
  // The heart asks whether a member saved it (a tRPC query); nothing answers here.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={makeTRPCClient()} queryClient={queryClient}>
        <AuthContext.Provider value={auth}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </TRPCProvider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("ChatbotCard", () => {
  it("shows the verified mark beside a verified creator's name, explained, and none otherwise", async () => {
    await renderCard(signedOut(), { ...chatbot, user: { ...chatbot.user!, isVerified: true } });
    const mark = await screen.findByRole("img", { name: "Verified creator" });
    const tooltip = document.getElementById(mark.getAttribute("aria-describedby") ?? "");
    expect(tooltip?.getAttribute("role")).toBe("tooltip");
    expect(tooltip?.textContent).toBe(VERIFIED_EXPLAINED);
    cleanup();
    await renderCard(signedOut());
    await screen.findByText("Luna");
    expect(screen.queryByRole("img", { name: "Verified creator" })).toBeNull();
  });

  it("hides an NSFW image from a signed-out visitor and offers sign-in", async () => {
    await renderCard(signedOut());
    expect(await screen.findByText("Sign in to view")).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Luna" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "View image of Luna" }));
    expect(await screen.findByText("Sign in to view NSFW content")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/api/login");
  });

  it("crops the portrait around the creator's focal point, and a picture that fails to load shows a placeholder", async () => {
    await renderCard(signedIn());
    const picture = await screen.findByRole("img", { name: "Luna" });
    expect(picture.style.objectPosition).toBe("40% 10%");
    fireEvent.error(picture);
    expect(await screen.findByText("Picture unavailable")).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Luna" })).toBeNull();
  });

  it("shows the count the gallery is sorted by, compactly", async () => {
    await renderCard(signedIn());
    expect((await screen.findByTestId("card-signal")).textContent).toBe("1.2K chats this week");
    cleanup();
    await renderCard(signedIn(), chatbot, "popular");
    expect((await screen.findByTestId("card-signal")).textContent).toBe("5 chats this month");
    cleanup();
    await renderCard(signedIn(), chatbot, "saved");
    expect((await screen.findByTestId("card-signal")).textContent).toBe("3 saves");
    cleanup();
    await renderCard(signedIn(), { ...chatbot, chatsThisWeek: 0 });
    await screen.findByText("Luna");
    expect(screen.queryByTestId("card-signal")).toBeNull();
  });

  it("shows members' rating once there are reviews, and no zero before", async () => {
    await renderCard(signedIn(), { ...chatbot, rating: { average: 4.56, count: 128 } });
    const rating = await screen.findByTestId("card-rating");
    expect(rating.textContent).toContain("4.6 ★ · 128");
    expect(rating.textContent).toContain("Rated 4.6 out of 5 by 128 members");
    cleanup();
    await renderCard(signedIn());
    await screen.findByText("Luna");
    expect(screen.queryByTestId("card-rating")).toBeNull();
  });

  it("shows a member the thumbnail, then the original in the modal", async () => {
    await renderCard(signedIn());
    const thumbnail = await screen.findByRole("img", { name: "Luna" });
    expect(thumbnail.getAttribute("src")).toBe("/images/thumb.webp");
    expect(thumbnail.getAttribute("loading")).toBe("lazy");
    fireEvent.click(screen.getByRole("button", { name: "View image of Luna" }));
    const full = await screen.findAllByRole("img", { name: "Luna" });
    expect(full.map((image) => image.getAttribute("src"))).toContain("/images/original.webp");
  });

  it("shows 3 tags, a +N badge, the platform count and the creator and series links", async () => {
    await renderCard(signedIn());
    expect(await screen.findByText("+1")).toBeTruthy();
    expect(screen.queryByText("magic")).toBeNull();
    // Each tag keeps its whole text in its title when the line cuts it.
    expect(screen.getByText("moon").getAttribute("title")).toBe("moon");
    expect(screen.getByText("1 platform")).toBeTruthy();
    // The identifier, shown once, is a button that copies it.
    expect(screen.getByRole("button", { name: /^Copy Polybuzz ID/ }).textContent).toContain("pb-1");
    expect(screen.getByRole("link", { name: /mira/ }).getAttribute("href")).toBe(`/profile/${chatbot.userId}`);
    expect(screen.getByRole("link", { name: "Night Tales" }).getAttribute("href")).toBe(
      `/series/Night%20Tales/${chatbot.userId}`,
    );
  });

  it("shows the tagline under the title, which links to the listing's page (so does the image modal)", async () => {
    await renderCard(signedIn());
    expect(await screen.findByText("Guide of the night sky")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Luna" }).getAttribute("href")).toBe(`/chatbots/${chatbot.id}/luna`);
    fireEvent.click(screen.getByRole("button", { name: "View image of Luna" }));
    const pageLink = await screen.findByRole("link", { name: "View chatbot page" });
    expect(pageLink.getAttribute("href")).toBe(`/chatbots/${chatbot.id}/luna`);
  });

  it("Blur: shows the server's blurred image and swaps in the original only after a click", async () => {
    const blurred = {
      ...chatbot,
      imageUrl: "/images/blurred/nsfw-x.webp",
      thumbnailUrl: "/images/blurred/nsfw-x.webp",
      revealImageUrl: "/images/original.webp",
      revealThumbnailUrl: "/images/thumb.webp",
    };
    await renderCard(signedIn(), blurred);
    const image = await screen.findByRole("img", { name: "Luna" });
    expect(image.getAttribute("src")).toBe("/images/blurred/nsfw-x.webp");
    expect(screen.getByText("Click to reveal")).toBeTruthy();
    expect(document.body.innerHTML).not.toContain("/images/thumb.webp");
    fireEvent.click(screen.getByRole("button", { name: "Click to reveal NSFW image of Luna" }));
    // The member's answer to the age question is read first (here: none to read, so the picture shows).
    await waitFor(() =>
      expect(screen.getByRole("img", { name: "Luna" }).getAttribute("src")).toBe("/images/thumb.webp"),
    );
    expect(screen.queryByText("Click to reveal")).toBeNull();
    // Once revealed, a click opens the original as for anyone.
    fireEvent.click(screen.getByRole("button", { name: "View image of Luna" }));
    const full = await screen.findAllByRole("img", { name: "Luna" });
    expect(full.map((each) => each.getAttribute("src"))).toContain("/images/original.webp");
  });

  it("shows the favourite count; a visitor's heart asks them to sign in", async () => {
    await renderCard(signedOut());
    const heart = await screen.findByRole("button", { name: "Save Luna, 3 saves" });
    expect(heart.textContent).toContain("3");
    fireEvent.click(heart);
    expect(await screen.findByText("Sign in to save chatbots")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/api/login");
  });
  it("its menu offers Add to collection and what the server answers: Edit and Delete on one's own listing, Report on another's", async () => {
    let answer = { edit: true, delete: true, report: false };
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), "http://localhost");
        asked.push(url.pathname);
        const body = url.pathname.endsWith("chatbots.actions")
          ? { result: { data: answer } }
          : { result: { data: null } };
        return new Response(JSON.stringify([body]), { headers: { "content-type": "application/json" } });
      }),
    );
    const menuItems = async () => {
      fireEvent.click(await screen.findByRole("button", { name: "More actions for Luna" }));
      const menu = await screen.findByRole("menu");
      await waitFor(() => expect(within(menu).queryByText("Loading…")).toBeNull());
      return within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent);
    };
    await renderCard(signedIn());
    expect(await menuItems()).toEqual(["Add to collection", "Edit", "Delete"]);
    expect(asked.some((path) => path.endsWith("chatbots.actions"))).toBe(true);
    cleanup();
    answer = { edit: false, delete: false, report: true };
    await renderCard(signedIn());
    expect(await menuItems()).toEqual(["Add to collection", "Report"]);
  });
});
