import { expect } from "vitest";

/**
 * What `call` throws, checked to be a `kind` when one is given; null when it throws nothing. For tests of a function
 * that refuses by throwing, to read the refusal's message or reason.
 */
export function thrownBy<Thrown extends Error = Error>(
  call: () => unknown,
  kind?: abstract new (...args: never[]) => Thrown,
): Thrown | null {
  try {
    call();
  } catch (error) {
    if (kind) expect(error).toBeInstanceOf(kind);
    return error as Thrown;
  }
  return null;
}
