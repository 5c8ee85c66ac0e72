// Failing one read of the web app on purpose: the page's /trpc requests for one procedure answer 500 (or
// get no answer at all), while the other procedures of the same batch get the real server's answers. A served
// page that carries its first reads (apps/web lib/first-reads.ts) carries the failing ones no more, as the server
// leaves out a read that fails: the app then asks for it itself, and meets the fault.
import type { Page, Route } from "@playwright/test";

/** The procedures a /trpc request asks for ("chatbots.list,chatbots.count" when batched). */
const proceduresOf = (url: URL) => decodeURIComponent(url.pathname.replace(/^\/trpc\//, "")).split(",");

/** A procedure's answer as the server gives it for an unexpected error (trpc/init.ts). */
const serverError = (path: string) => ({
  error: {
    message: "Internal Server Error",
    code: -32603,
    data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path },
  },
});

/**
 * Makes every read of the procedures fail until the returned function lets them through again: "500"
 * answers each as a server fault (the rest of a batch answered for real), "abort" drops the whole request
 * as a network failure would. One call per page for all of them: a batch meets one handler only.
 */
export async function failReads(page: Page, failing: string[], how: "500" | "abort" = "500") {
  const matches = (url: URL) =>
    url.pathname.startsWith("/trpc/") && proceduresOf(url).some((path) => failing.includes(path));
  const handler = async (route: Route) => {
    if (how === "abort") return route.abort("connectionrefused");
    const url = new URL(route.request().url());
    const procedures = proceduresOf(url);
    if (url.searchParams.get("batch") !== "1") return route.fulfill({ status: 500, json: serverError(procedures[0]!) });
    const real = (await (await route.fetch()).json()) as unknown[];
    const answers = procedures.map((path, index) => (failing.includes(path) ? serverError(path) : real[index]));
    return route.fulfill({ status: 207, json: answers });
  };
  await page.route(matches, handler);
  const carryingPage = (url: URL) => url.pathname === "/" || url.pathname.startsWith("/chatbots/");
  const withoutFailing = async (route: Route) => {
    if (route.request().resourceType() !== "document") return route.fallback();
    // Redirects (a listing's bare address) are followed here: the browser's own follow-up would not pass this route.
    const response = await route.fetch();
    const body = (await response.text()).replace(FIRST_READS, (_whole, json: string) => {
      const kept = (JSON.parse(json) as Array<{ path: string }>).filter((read) => !failing.includes(read.path));
      return `<script id="first-reads" type="application/json">${JSON.stringify(kept).replace(/</g, "\\u003c")}</script>`;
    });
    const headers = response.headers();
    delete headers["content-encoding"];
    delete headers["content-length"];
    return route.fulfill({ status: response.status(), headers, body });
  };
  await page.route(carryingPage, withoutFailing);
  return async () => {
    await page.unroute(matches, handler);
    await page.unroute(carryingPage, withoutFailing);
  };
}

const FIRST_READS = /<script id="first-reads" type="application\/json">(.*?)<\/script>/s;
