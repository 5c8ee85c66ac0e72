import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// jsdom gaps: no scrolling (the router restores scroll), and no <search> element yet (the nav uses
// it as its search landmark; browsers know it). (A file in Node, as the server's drawer, has no window.)
if (typeof window !== "undefined") window.scrollTo = () => {};
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("is unrecognized in this browser") && args[1] === "search")
    return;
  consoleError(...args);
};
