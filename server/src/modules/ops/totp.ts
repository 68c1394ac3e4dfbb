import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 TOTP as authenticator apps read it: SHA-1, 6 digits, 30-second steps. */
const ISSUER = '贷款门户运营后台';
/** a code one step old or new still counts (clock drift of the phone) */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(loginId: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: loginId, secret });
}

export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
}

/**
 * The time step of a right code, or null: wrong, malformed, or of a step not after `afterStep` (a code is good
 * once: the caller records the step it accepted).
 */
export function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
