import { crc32 } from "node:zlib";

/**
 * A PNG's chunks, read with every length checked before anything is read or allocated (issue 36): a chunk claiming
 * more bytes than the file still holds is refused on the spot, so a 525-byte file claiming a 2 GB chunk costs
 * nothing. PNG layout (https://www.w3.org/TR/png-3/#5DataRep): an 8-byte signature, then chunks of
 * [length: 4 bytes, big-endian][type: 4 bytes][data: length bytes][CRC-32 of type and data: 4 bytes], ending at IEND.
 * Nothing here copies a chunk: chunks are views into the file's own bytes.
 */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The spec's own bound on a chunk's length (2^31 - 1); the file's size bounds it further. */
const CHUNK_LENGTH_MAX = 0x7fffffff;
/** Length, type and CRC around each chunk's data. */
const CHUNK_FRAME = 12;
/**
 * At most this many chunks: encoders split the image data into chunks of 8-64 kB, so a 5 MB picture has a few
 * hundred; a file of thousands of empty chunks is not a picture.
 */
export const PNG_CHUNKS_MAX = 4096;
/** The spec's keyword length (1-79 Latin-1 characters) in a tEXt chunk. */
const KEYWORD_MAX = 79;

/** What a damaged or hostile PNG is refused with (the caller says it as "not a card"). */
export class PngError extends Error {
  override readonly name = "PngError";
}

export interface PngChunk {
  type: string;
  /** The chunk's data: a view into the file's bytes. */
  data: Buffer;
  /** The whole chunk as it sits in the file (length, type, data, CRC): a view, kept as is when re-assembling. */
  raw: Buffer;
}

/** The chunks of a PNG up to and including IEND; throws PngError when the file is not a whole, sound PNG. */
export function readPngChunks(bytes: Buffer): PngChunk[] {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw new PngError("not a PNG");
  }
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  for (;;) {
    const remaining = bytes.length - offset;
    if (remaining < CHUNK_FRAME) throw new PngError("the file ends before IEND");
    const length = bytes.readUInt32BE(offset);
    // The check that matters: the claimed length against what the file actually has left, before reading it.
    if (length > CHUNK_LENGTH_MAX || length > remaining - CHUNK_FRAME) throw new PngError("a chunk overruns the file");
    if (chunks.length === PNG_CHUNKS_MAX) throw new PngError("too many chunks");
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    const stored = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(typeAndData) !== stored) throw new PngError("a chunk's CRC does not match");
    const type = typeAndData.toString("latin1", 0, 4);
    chunks.push({ type, data: typeAndData.subarray(4), raw: bytes.subarray(offset, offset + CHUNK_FRAME + length) });
    offset += CHUNK_FRAME + length;
    if (type === "IEND") return chunks;
  }
}

/**
 * A tEXt chunk's keyword and text (Latin-1, separated by a NUL), or null when the chunk is malformed (no NUL, or a
 * keyword outside 1-79 characters). Only the keyword is looked at before the caller decides it wants the text.
 */
export function textChunkKeyword(data: Buffer): { keyword: string; textStart: number } | null {
  const nul = data.subarray(0, KEYWORD_MAX + 1).indexOf(0);
  if (nul < 1) return null;
  return { keyword: data.toString("latin1", 0, nul), textStart: nul + 1 };
}

/** A PNG file of the given chunks, each kept byte for byte (no re-encoding, so their CRCs still hold). */
export function assemblePng(chunks: readonly PngChunk[]): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ...chunks.map((chunk) => chunk.raw)]);
}
