import { CANNOT_START } from "./card-reader-stand-in.js";

/**
 * A card reader's task whose thread cannot start (its module throws on load, as a broken install would), for
 * src/domain/listings/character-card.test.ts: the pool reports it, not the task waiting for the thread.
 */
throw new Error(CANNOT_START);
