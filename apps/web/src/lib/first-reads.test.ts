import { FIRST_READS_ELEMENT_ID, PLAIN_GALLERY_READS } from "@gallery/schema/first-reads";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { galleryQueries } from "../components/browse/browse-filters";
import { storeFirstReads } from "./first-reads";
import { trpc } from "./trpc";

const answered = PLAIN_GALLERY_READS.map((read, index) => ({ ...read, data: { answer: index } }));
const carry = (text: string) => {
  const script = document.createElement("script");
  script.id = FIRST_READS_ELEMENT_ID;
  script.type = "application/json";
  script.textContent = text;
  document.head.append(script);
};

afterEach(() => document.getElementById(FIRST_READS_ELEMENT_ID)?.remove());

describe("storeFirstReads", () => {
  it("stores each carried answer under the key the plain gallery's loader asks for, and removes the element", () => {
    const queryClient = new QueryClient();
    carry(JSON.stringify(answered));
    storeFirstReads(queryClient, trpc);
    const gallery = galleryQueries(trpc, {});
    const firstPage = (data: unknown) => ({ pages: [data], pageParams: [undefined] });
    expect(queryClient.getQueryData(gallery.list.queryKey)).toEqual(firstPage(answered[0]!.data));
    expect(queryClient.getQueryData(gallery.count.queryKey)).toEqual(answered[1]!.data);
    expect(queryClient.getQueryData(gallery.tags.queryKey)).toEqual(answered[2]!.data);
    expect(queryClient.getQueryData(trpc.chatbots.rails.queryOptions({}).queryKey)).toEqual(answered[3]!.data);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(PLAIN_GALLERY_READS.length);
    expect(document.getElementById(FIRST_READS_ELEMENT_ID)).toBeNull();
  });

  it("changes nothing without the element, or with one it cannot read", () => {
    const queryClient = new QueryClient();
    storeFirstReads(queryClient, trpc);
    carry("{not json");
    storeFirstReads(queryClient, trpc);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
