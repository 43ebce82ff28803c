import { FEATURE_QR, featureQrPayload } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';

/** product §3, §9: a PNG data URL of the QR holding {"version":"1.0","link":…}, 320 px, level H, black on white. */
function featureQrDataUrl(link: string): Promise<string> {
  return QRCode.toDataURL(featureQrPayload(link), {
    type: 'image/png',
    width: FEATURE_QR.width,
    errorCorrectionLevel: FEATURE_QR.errorCorrectionLevel,
    color: { ...FEATURE_QR.color },
  });
}

/** The QR image of a download link, generated once per link; fails when the link is too long for a QR code. */
export function useFeatureQr(link: string | null | undefined) {
  return useQuery({
    queryKey: ['feature-qr', link],
    queryFn: () => featureQrDataUrl(link as string),
    enabled: Boolean(link),
    staleTime: Infinity,
    retry: false,
  });
}
