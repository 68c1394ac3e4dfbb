import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX, RSP } from '@loan/domain';
import { ApiError } from '../../lib/api-error.ts';

/** Width and height as the image's header states them. */
export interface ImageSize {
  width: number;
  height: number;
}

/** A file that ends inside its structure: cut short once its dimensions were read, else no image at all. */
const cutShort = (size: ImageSize | undefined) =>
  new ApiError(size ? RSP.IMAGE_TRUNCATED : RSP.IMAGE_INVALID);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The PNG's chunks walked by their lengths, nothing inflated: IHDR first, then every chunk whole up to IEND.
 * A chunk that runs past the end of the file, or no IEND, is a truncated image (1212); what follows IEND is
 * left to the re-encoding, which drops it.
 */
function pngSize(bytes: Uint8Array): ImageSize {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) throw new ApiError(RSP.IMAGE_INVALID);
  let size: ImageSize | undefined;
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at + 12 > bytes.length) throw cutShort(size);
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (at + 12 + length > bytes.length) throw cutShort(size);
    if (!size) {
      if (type !== 'IHDR' || length < 8) throw new ApiError(RSP.IMAGE_INVALID);
      size = { width: view.getUint32(at + 8), height: view.getUint32(at + 12) };
    }
    if (type === 'IEND') return size;
    at += 12 + length;
  }
}

/** Start-of-frame markers that carry the dimensions (not DHT C4, JPG C8, DAC CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * The JPEG's segments walked by their lengths up to the first scan (SOS), the dimensions from its frame header;
 * the image must end (EOI, FF D9) after that scan: inside the compressed data an FF byte is always followed by
 * 00 or a restart marker, so a file without an EOI after its first scan was cut short (1212).
 */
function jpegSize(bytes: Uint8Array): ImageSize {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let size: ImageSize | undefined;
  let at = 2;
  for (;;) {
    if (at + 4 > bytes.length) throw cutShort(size);
    if (bytes[at] !== 0xff) throw new ApiError(RSP.IMAGE_INVALID);
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2) throw new ApiError(RSP.IMAGE_INVALID);
    if (at + 2 + length > bytes.length) throw cutShort(size);
    if (isStartOfFrame(marker)) {
      if (length < 7) throw new ApiError(RSP.IMAGE_INVALID);
      size = { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    if (marker === 0xda) {
      if (!size) throw new ApiError(RSP.IMAGE_INVALID);
      const scan = at + 2 + length;
      for (let i = bytes.length - 2; i >= scan; i -= 1) {
        if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return size;
      }
      throw new ApiError(RSP.IMAGE_TRUNCATED);
    }
    at += 2 + length;
  }
}

/**
 * Reads the image's dimensions from its header, decoding nothing, and refuses before any decoder runs an image
 * that is cut short (1212), malformed (1204), or larger than any licence or ID photo needs: over
 * MAX_IMAGE_PIXELS or a side over MAX_IMAGE_SIDE_PX (1205). Costs one pass over the chunk or segment headers.
 */
export function checkImageHeader(bytes: Uint8Array, format: 'jpeg' | 'png'): ImageSize {
  const size = format === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (size.width === 0 || size.height === 0) throw new ApiError(RSP.IMAGE_INVALID);
  if (
    size.width > MAX_IMAGE_SIDE_PX ||
    size.height > MAX_IMAGE_SIDE_PX ||
    size.width * size.height > MAX_IMAGE_PIXELS
  ) {
    throw new ApiError(RSP.IMAGE_TOO_MANY_PIXELS);
  }
  return size;
}
