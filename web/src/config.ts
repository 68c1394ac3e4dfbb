import { API_BASE_DEFAULT, type FieldCipherParams } from '@loan/domain';

/** The one API base every call goes to (docs/PRODUCT.md §7). */
export const API_BASE: string = import.meta.env.VITE_API_BASE || API_BASE_DEFAULT;

/** Key and iv of the AES field cipher, fixed at build time. */
export const FIELD_CIPHER: FieldCipherParams = {
  key: __FIELD_CIPHER_KEY__,
  iv: __FIELD_CIPHER_IV__,
};

/** The product's name, shown in the header and used as the page title when a route has none. */
export { PRODUCT_NAME } from '@loan/domain';
