import { MAX_IMAGE_PIXELS, RSP } from '@loan/domain';
import type { Sharp, SharpOptions } from 'sharp';
import { ApiError } from '../../lib/api-error.ts';
import { checkImageHeader } from './image-header.ts';

type SharpFactory = (input: Uint8Array, options?: SharpOptions) => Sharp;
let loaded: SharpFactory | undefined;

/**
 * sharp (libvips) loaded on the first image, not at start; no cache of decoded images between requests, and one
 * libvips thread per image: each thread keeps its own malloc arena, so fewer threads keep the server smaller
 * (measured on ten 12-megapixel photos: about 420 MiB with the defaults, about 355 MiB with one thread).
 */
async function sharpLoaded(): Promise<SharpFactory> {
  if (!loaded) {
    const { default: sharp } = await import('sharp');
    sharp.cache(false);
    sharp.concurrency(1);
    loaded = sharp;
  }
  return loaded;
}

/** Images handed to sharp so far in this process: what the tests and the benchmark read to see nothing was. */
let decodes = 0;
export const imageDecodes = (): number => decodes;

/** The longest side kept: a licence or an ID card stays readable, a 100-megapixel photo does not stay huge. */
const MAX_IMAGE_SIDE = 4096;

/**
 * Decodes the image and encodes it again in its own format: whatever was appended after the image data (HTML,
 * a ZIP) and every metadata block (EXIF with its GPS position, XMP, comments) is gone; the EXIF orientation is
 * applied to the pixels first, so the image still shows upright. The header is checked first (image-header.ts:
 * dimensions, a file cut short) and sharp is not even loaded for what it refuses; sharp's own pixel limit is the
 * same, a second fence. A file that does not decode is refused (1204).
 */
export async function reencodeImage(bytes: Uint8Array, format: 'jpeg' | 'png'): Promise<Buffer> {
  checkImageHeader(bytes, format);
  const sharp = await sharpLoaded();
  decodes += 1;
  try {
    const metadata = await sharp(bytes).metadata();
    if (metadata.format !== format) throw new ApiError(RSP.IMAGE_INVALID);
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 })
      .autoOrient()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded = format === 'jpeg' ? image.jpeg({ quality: 90 }) : image.png({ compressionLevel: 9 });
    return await encoded.toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ApiError(RSP.IMAGE_TOO_MANY_PIXELS);
    }
    throw new ApiError(RSP.IMAGE_INVALID);
  }
}
