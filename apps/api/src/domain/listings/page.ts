/** One page of a list (keyset paging: the next page starts after `nextCursor`). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Which page: how many items, starting after which cursor. */
export interface PageInput {
  limit: number;
  cursor?: string | undefined;
}
