import { describe, expect, it } from 'vitest';
import { APP_VERSION, FEATURE_QR, featureQrPayload, IDENTITY_QR, identityQrText } from './identity-qr.ts';

describe('identity QR (product §3, §9)', () => {
  it("encodes 'ID:<license id>,Email:<email>,Version:<version>'", () => {
    expect(identityQrText('LIC-0001', 'asha@example.com', '1.0')).toBe('ID:LIC-0001,Email:asha@example.com,Version:1.0');
  });

  it('is drawn at size 200 with error correction H', () => {
    expect(IDENTITY_QR).toEqual({ width: 200, errorCorrectionLevel: 'H' });
  });
});

describe('feature QR (product §3, §9)', () => {
  it('holds JSON with version 1.0 and the download link', () => {
    const payload = featureQrPayload('https://example.com/apps/magnify.apk');
    expect(JSON.parse(payload)).toEqual({ version: '1.0', link: 'https://example.com/apps/magnify.apk' });
    expect(APP_VERSION).toBe('1.0');
  });

  it('keeps a link with quotes and ampersands intact', () => {
    const link = 'https://example.com/d?a=1&b="x"';
    expect(JSON.parse(featureQrPayload(link)).link).toBe(link);
  });

  it('is drawn at size 320, level H, black on white', () => {
    expect(FEATURE_QR).toEqual({ width: 320, errorCorrectionLevel: 'H', color: { dark: '#000000', light: '#ffffff' } });
  });
});
