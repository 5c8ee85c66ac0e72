import { type AnsweredRead, FIRST_READS_ELEMENT_ID } from "@gallery/schema/first-reads";
import type { QueryClient } from "@tanstack/react-query";
import type { TRPC } from "./trpc";

interface KeyMaker {
  queryKey: (input: unknown) => readonly unknown[];
  infiniteQueryKey: (input: unknown) => readonly unknown[];
}

/**
 * Stores the answers the served page carries for its first reads (the plain gallery's, @gallery/schema
 * first-reads.ts) in the query cache, under the keys the route loader will ask for, so the first paint
 * needs no data round trip. Read once: the element is removed, and a page without it changes nothing.
 */
export function storeFirstReads(queryClient: QueryClient, trpc: TRPC) {
  const element = document.getElementById(FIRST_READS_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let reads: AnsweredRead[];
  try {
    reads = JSON.parse(element.textContent ?? "[]");
  } catch {
    return; // the app reads them itself
  }
  storeAnsweredReads(queryClient, trpc, reads);
}

/** Answered reads into the query cache, under the keys the route loader asks for (the server draws from them too). */
export function storeAnsweredReads(queryClient: QueryClient, trpc: TRPC, reads: readonly AnsweredRead[]) {
  for (const read of reads) {
    // The procedure's key maker by its dotted path, as tRPC's own proxy would reach it.
    const procedure = read.path.split(".").reduce<unknown>((node, key) => (node as never)[key], trpc) as KeyMaker;
    if (read.infinite)
      queryClient.setQueryData(procedure.infiniteQueryKey(read.input), { pages: [read.data], pageParams: [undefined] });
    else queryClient.setQueryData(procedure.queryKey(read.input), read.data);
  }
}
