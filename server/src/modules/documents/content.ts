import { ALLOWED_TYPES, type AllowedMimeType, detectAllowedType } from './file-kind.ts';
import { reencodeImage } from './image.ts';
import { checkPdf } from './pdf.ts';

/** An upload made safe to keep: the bytes to store and what they are. */
export interface CleanFile {
  bytes: Uint8Array;
  mimeType: AllowedMimeType;
  extension: (typeof ALLOWED_TYPES)[AllowedMimeType];
}

/**
 * The type from the content, then images decoded and encoded again (whatever hid after the image and the
 * metadata dropped) and PDFs parsed, checked and written anew from their objects. Throws the refusal's ApiError.
 */
export async function cleanUpload(bytes: Uint8Array): Promise<CleanFile> {
  const mimeType = await detectAllowedType(bytes);
  const extension = ALLOWED_TYPES[mimeType];
  if (mimeType === 'application/pdf') {
    return { bytes: await checkPdf(bytes), mimeType, extension };
  }
  const format = mimeType === 'image/jpeg' ? 'jpeg' : 'png';
  return { bytes: await reencodeImage(bytes, format), mimeType, extension };
}
