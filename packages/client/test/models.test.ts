// The named types are the calls' own shapes (checked by tsc: the package's typecheck includes test/).
import { describe, expectTypeOf, it } from "vitest";
import type {
  ApiToken,
  GalleryProcedures,
  Listing,
  ListingPage,
  QueueItem,
  Report,
  ReportReceipt,
  User,
} from "../src/index.js";

type Answer<F> = F extends (...args: never[]) => Promise<infer T> ? T : never;

describe("named types", () => {
  it("are what the calls answer and take", () => {
    expectTypeOf<ListingPage>().toEqualTypeOf<Answer<GalleryProcedures["chatbots"]["list"]["query"]>>();
    expectTypeOf<ListingPage["items"][number]>().toEqualTypeOf<Listing>();
    expectTypeOf<Answer<GalleryProcedures["chatbots"]["byId"]["query"]>>().toEqualTypeOf<Listing>();
    expectTypeOf<Listing["title"]>().toEqualTypeOf<string>();
    expectTypeOf<User["email"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Report["reason"]>().toEqualTypeOf<
      "mislabelled" | "stolen" | "broken_link" | "illegal" | "spam" | "other"
    >();
    expectTypeOf<ReportReceipt>().toEqualTypeOf<{ id: string; message: string }>();
    expectTypeOf<QueueItem["openCount"]>().toEqualTypeOf<number>();
    expectTypeOf<ApiToken["scope"]>().toEqualTypeOf<"write" | "read" | "admin">();
  });
});
