import { parentPort } from "node:worker_threads";
import type { CharacterCardImport } from "@gallery/schema";
import { CardRefusal, readCharacterCard } from "./character-card-reader.js";

/**
 * A card reader's task, run by character-card.ts' piscina pool in a thread under a time and memory budget: it says
 * the reading begins (the time budget starts then), reads the file's bytes and answers the listing's fields or why
 * the card is refused. Anything else thrown (a bug) fails the import.
 */

export type ReadCard = { reading: number; bytes: Uint8Array };
/** Posted to the pool when reading `reading` begins. */
export type ReadingBegins = { reading: number };
/** The listing's fields or why the card is refused, and how long the reading took by this thread's clock. */
export type ReadAnswer = ({ card: CharacterCardImport } | { refused: CardRefusal["reason"] }) & { readMs: number };

export default function readCard({ reading, bytes }: ReadCard): ReadAnswer {
  parentPort?.postMessage({ reading } satisfies ReadingBegins);
  const started = performance.now();
  const readMs = () => performance.now() - started;
  try {
    const card = readCharacterCard(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { card, readMs: readMs() };
  } catch (error) {
    if (!(error instanceof CardRefusal)) throw error;
    return { refused: error.reason, readMs: readMs() };
  }
}
