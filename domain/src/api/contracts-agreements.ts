/** Request and result shapes of the platform's agreements (/users/agreement…, /users/userReadAgr). */
import type { AgreementKind } from '../agreements/agreement-kinds.ts';

/** GET /users/agreement?kind=SERVICE: the current version's full text. */
export interface AgreementText {
  kind: AgreementKind;
  version: string;
  title: string;
  body: string;
  /** sha256 hex of body */
  textHash: string;
  minReadSeconds: number;
  /** opaque; proves when the server served this text (the reading time is measured from it) */
  readToken: string;
  /** when this user accepted this version, or null */
  acceptedAt: string | null;
}

export interface AgreementStatusItem {
  kind: AgreementKind;
  title: string;
  route: string;
  version: string;
  accepted: boolean;
  acceptedAt: string | null;
}

export interface AgreementStatusResult {
  items: AgreementStatusItem[];
  /** every kind's current version accepted */
  allAccepted: boolean;
}

/** POST /users/userReadAgr */
export interface UserReadAgrRequest {
  kind: AgreementKind;
  version: string;
  textHash: string;
  readToken: string;
}

export interface UserReadAgrResult {
  kind: AgreementKind;
  version: string;
  acceptedAt: string;
}
