import { encryptField } from '@loan/domain';
import { FIELD_CIPHER } from '../config';

/** Password fields travel as field-cipher text (docs/PRODUCT.md §7); the server decrypts them. */
export const encryptPassword = (plain: string) => encryptField(plain, FIELD_CIPHER);
