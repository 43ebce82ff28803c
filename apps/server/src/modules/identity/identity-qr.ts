import { IDENTITY_QR, identityQrText } from '@seva/shared';
import QRCode from 'qrcode';

/** The identity QR of product §3 as a PNG data URL. */
export function identityQrDataUrl(user: { license_id: string; email: string; version: string }): Promise<string> {
  return QRCode.toDataURL(identityQrText(user.license_id, user.email, user.version), {
    width: IDENTITY_QR.width,
    errorCorrectionLevel: IDENTITY_QR.errorCorrectionLevel,
    margin: 2,
  });
}
