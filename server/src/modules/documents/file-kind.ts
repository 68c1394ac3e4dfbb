import { RSP } from '@loan/domain';
import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '../../lib/api-error.ts';

/** The kinds of file a borrower may upload, with the extension they are stored under. */
export const ALLOWED_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
} as const;

export type AllowedMimeType = keyof typeof ALLOWED_TYPES;

const isAllowed = (mime: string): mime is AllowedMimeType => Object.hasOwn(ALLOWED_TYPES, mime);

/** First bytes that claim an allowed type: a file that starts so but is not one is a broken image or PDF. */
const CLAIMS = [
  { magic: [0xff, 0xd8, 0xff], refusal: RSP.IMAGE_INVALID },
  { magic: [0x89, 0x50, 0x4e, 0x47], refusal: RSP.IMAGE_INVALID },
  { magic: [0x25, 0x50, 0x44, 0x46], refusal: RSP.PDF_INVALID },
] as const;

/**
 * The type told from the content by file-type (never by the name or the type the browser declares); anything
 * but JPEG, PNG or PDF is refused (1006), a file that only starts like one as a broken image (1204) or PDF
 * (1206). A match here only says how the file starts: the image is then decoded and the PDF parsed, which is
 * what refuses the polyglots.
 */
export async function detectAllowedType(bytes: Uint8Array): Promise<AllowedMimeType> {
  const found = await fileTypeFromBuffer(bytes);
  if (found && isAllowed(found.mime)) return found.mime;
  const claim = CLAIMS.find(({ magic }) => magic.every((byte, i) => bytes[i] === byte));
  throw new ApiError(claim?.refusal ?? RSP.FILE_TYPE_NOT_ALLOWED);
}
