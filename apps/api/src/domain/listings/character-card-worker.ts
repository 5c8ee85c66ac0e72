import { parentPort } from "node:worker_threads";
import type { CharacterCardImport } from "@gallery/schema";
import { CardRefusal, readCharacterCard } from "./character-card-reader.js";

/**
 * A card reader's thread (character-card.ts runs a few, each under a time and memory budget): it says it is ready,
 * then reads each card it is sent (the file's bytes) and answers the listing's fields or why the card is refused.
 * Anything else thrown (a bug) ends the thread with that error, which the caller reports as a failure.
 */

export type ReaderMessage =
  | { type: "ready" }
  | { type: "read"; card: CharacterCardImport }
  | { type: "refused"; reason: CardRefusal["reason"] };

const port = parentPort;
if (!port) throw new Error("character-card-worker.ts runs as a worker thread");
const send = (message: ReaderMessage) => port.postMessage(message);

port.on("message", (bytes: Uint8Array) => {
  let card: CharacterCardImport;
  try {
    card = readCharacterCard(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    if (!(error instanceof CardRefusal)) throw error;
    send({ type: "refused", reason: error.reason });
    return;
  }
  send({ type: "read", card });
});
send({ type: "ready" });
