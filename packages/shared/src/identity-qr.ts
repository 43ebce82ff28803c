/** product §3: the text the identity QR encodes. */
export function identityQrText(licenseId: string, email: string, version: string): string {
  return `ID:${licenseId},Email:${email},Version:${version}`;
}

/** product §9: identity QR size 200, error correction H; feature QR size 320, level H, black on white. */
export const IDENTITY_QR = { width: 200, errorCorrectionLevel: 'H' } as const;
export const FEATURE_QR = { width: 320, errorCorrectionLevel: 'H', color: { dark: '#000000', light: '#ffffff' } } as const;
export const APP_VERSION = '1.0';

/** product §3: the JSON a feature QR holds. */
export function featureQrPayload(link: string): string {
  return JSON.stringify({ version: APP_VERSION, link });
}
