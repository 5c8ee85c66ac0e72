import type { ModerationNotices } from "@gallery/schema";
import { SUSPENDED_PUBLISH_MESSAGE } from "@gallery/schema/report-texts";
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { rememberSignedIn } from "../../auth/session-hint";
import type { AuthState } from "../../auth/use-auth";
import { makeQueryClient } from "../../lib/query-client";
import { trpc } from "../../lib/trpc";
import { loading, signedIn, signedOut, testUser } from "../../test/auth-state";
import { renderWithNav, stubScreen } from "../../test/render-app";
import { useProvideCreateAction } from "./create-action";

let auth: AuthState = signedOut();
vi.mock("../../auth/use-auth", () => ({ useAuth: () => auth }));

const links = () =>
  within(screen.getByRole("navigation", { name: "Main" }))
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("nav bar on large screens", () => {
  beforeEach(() => stubScreen(true));

  it("signed out: brand, Browse, Sign In and Create Account to /auth", async () => {
    auth = signedOut();
    await renderWithNav("/");
    expect(screen.getByRole("link", { name: "Chatbot Gallery" }).getAttribute("href")).toBe("/");
    expect(links()).toEqual(["Browse"]);
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    // (jsdom applies no CSS, so both labels are in the DOM; a browser hides the small-screen 'Join'.)
    expect(screen.getByText("Create Account").closest("a")?.getAttribute("href")).toBe("/auth");
    expect(screen.queryByRole("button", { name: "Account menu" })).toBeNull();
  });

  it("signed in: Dashboard link and the avatar menu, no Admin link", async () => {
    auth = signedIn(testUser({ firstName: "Kai" }));
    await renderWithNav("/");
    expect(links()).toEqual(["Browse", "Dashboard"]);
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    const trigger = await screen.findByRole("button", { name: "Account menu" });
    expect(trigger.textContent).toBe("K");
  });

  it("admins and super admins also get the Admin link", async () => {
    auth = signedIn(testUser({ isAdmin: true }));
    await renderWithNav("/");
    expect(links()).toEqual(["Browse", "Dashboard", "Admin"]);
  });

  it("the avatar menu lists Dashboard, Admin Panel (admins only) and Sign Out", async () => {
    const signOut = vi.fn(async () => {});
    // The server says isAdmin for super admins too.
    auth = { ...signedIn(testUser({ isAdmin: true, isSuperAdmin: true })), signOut };
    await renderWithNav("/");
    fireEvent.keyDown(await screen.findByRole("button", { name: "Account menu" }), { key: "Enter" });
    const menu = await screen.findByRole("menu");
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(items).toEqual(["Dashboard", "Saved", "Admin Panel", "Sign Out"]);
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Sign Out" }));
    expect(signOut).toHaveBeenCalledOnce();
  });

  it("the avatar menu names the account, with the e-mail once when there is no name", async () => {
    auth = signedIn(testUser({ firstName: null, lastName: null, email: "zed@example.com" }));
    await renderWithNav("/");
    const trigger = await screen.findByRole("button", { name: "Account menu" });
    expect(trigger.textContent).toBe("Z");
    fireEvent.keyDown(trigger, { key: "Enter" });
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByText("zed@example.com")).toHaveLength(1);
  });

  it("the avatar menu shows name and e-mail when there is a name", async () => {
    auth = signedIn(testUser({ firstName: "Jane", lastName: "Doe", email: "jane@example.com" }));
    await renderWithNav("/");
    fireEvent.keyDown(await screen.findByRole("button", { name: "Account menu" }), { key: "Enter" });
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Jane Doe")).toBeTruthy();
    expect(within(menu).getByText("jane@example.com")).toBeTruthy();
  });

  it("a member's avatar menu has no Admin Panel", async () => {
    auth = signedIn(testUser());
    await renderWithNav("/");
    fireEvent.keyDown(await screen.findByRole("button", { name: "Account menu" }), { key: "Enter" });
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Dashboard", "Saved", "Sign Out"]);
  });
});

describe("nav bar while the session is unknown", () => {
  beforeEach(() => stubScreen(true));

  it("shows neither Sign In nor the menu, but an avatar-sized placeholder when last signed in", async () => {
    rememberSignedIn(true);
    auth = loading();
    await renderWithNav("/dashboard", () => <PageWithCreate onCreate={() => {}} />);
    const placeholder = screen.getByTestId("session-placeholder");
    expect(placeholder.getAttribute("aria-hidden")).toBe("true");
    expect(placeholder.querySelector("[data-testid=skeleton].rounded-full")).not.toBeNull();
    // The Add Chatbot box is kept (invisible), so the bar does not move when it appears.
    expect(placeholder.querySelector("button[aria-label='Add Chatbot']")).not.toBeNull();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Account menu" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add Chatbot" })).toBeNull();
  });

  it("keeps the sign-in buttons' place, invisible, when last signed out", async () => {
    rememberSignedIn(false);
    auth = loading();
    await renderWithNav("/");
    const placeholder = screen.getByTestId("session-placeholder");
    expect(placeholder.querySelector(".invisible a[href='/auth']")).not.toBeNull();
    expect(placeholder.querySelector("[data-testid=skeleton]")).toBeNull();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
  });
});

function PageWithCreate({ onCreate }: { onCreate: () => void }) {
  useProvideCreateAction(() => onCreate());
  return <h1>Dashboard page</h1>;
}

describe("'Add Chatbot' button", () => {
  beforeEach(() => stubScreen(true));

  it("is shown when signed in and the page supplies a create action", async () => {
    auth = signedIn();
    const onCreate = vi.fn();
    await renderWithNav("/dashboard", () => <PageWithCreate onCreate={onCreate} />);
    fireEvent.click(await screen.findByRole("button", { name: "Add Chatbot" }));
    expect(onCreate).toHaveBeenCalledOnce();
  });

  it("is hidden when the page supplies none", async () => {
    auth = signedIn();
    await renderWithNav("/dashboard");
    expect(screen.queryByRole("button", { name: "Add Chatbot" })).toBeNull();
  });

  it("is hidden when signed out, even with a create action", async () => {
    auth = signedOut();
    await renderWithNav("/dashboard", () => <PageWithCreate onCreate={() => {}} />);
    expect(screen.queryByRole("button", { name: "Add Chatbot" })).toBeNull();
  });

  it("is disabled, saying why, when the server says the member is suspended; pressing it only says why again", async () => {
    auth = signedIn();
    const queryClient = makeQueryClient();
    // The member's moderation notices (what the suspension banner reads): a suspension.
    queryClient.setQueryData(trpc.moderation.notices.queryKey(), {
      suspension: { reason: "Spam", decision: null },
      listings: [],
    } as unknown as ModerationNotices);
    const onCreate = vi.fn();
    await renderWithNav("/dashboard", () => <PageWithCreate onCreate={onCreate} />, queryClient);
    const button = await screen.findByRole("button", { name: "Add Chatbot" });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("title")).toBe(SUSPENDED_PUBLISH_MESSAGE);
    expect(button.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(button.getAttribute("aria-describedby")!)?.textContent).toBe(
      SUSPENDED_PUBLISH_MESSAGE,
    );
    fireEvent.click(button);
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("goes away when the page that supplied it is left", async () => {
    auth = signedIn();
    const { router } = await renderWithNav("/dashboard", () => <PageWithCreate onCreate={() => {}} />);
    await screen.findByRole("button", { name: "Add Chatbot" });
    await router.navigate({ to: "/admin" });
    await screen.findByRole("heading", { name: "Admin page" });
    expect(screen.queryByRole("button", { name: "Add Chatbot" })).toBeNull();
  });
});

describe("nav bar on small screens", () => {
  beforeEach(() => stubScreen(false));

  it("keeps the links in a left drawer that toggles open and closed", async () => {
    auth = signedIn(testUser({ isAdmin: true }));
    await renderWithNav("/");
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    const drawer = await screen.findByRole("dialog");
    expect(links()).toEqual(["Browse", "Dashboard", "Admin"]);
    fireEvent.click(within(drawer).getByRole("link", { name: "Dashboard" }));
    await screen.findByRole("heading", { name: "Dashboard page" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("signed out: 'Join' instead of 'Create Account', both going to /auth", async () => {
    auth = signedOut();
    await renderWithNav("/");
    const join = screen.getByText("Join").closest("a")!;
    expect(join.getAttribute("href")).toBe("/auth");
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
  });
});
