import { Trans } from '@lingui/react/macro';
import { useState } from 'react';

/** The photo taken or chosen, before it is kept; a HEIC photo, which only Safari can show, is said instead. */
export function PhotoPreview({ dataUrl, alt }: { dataUrl: string; alt: string }) {
  const [unshown, setUnshown] = useState<string | null>(null);
  if (unshown === dataUrl) {
    return (
      <p className="face-preview face-preview-missing">
        <Trans>This browser cannot show a preview of this photo. It will be saved as a JPEG.</Trans>
      </p>
    );
  }
  return <img src={dataUrl} alt={alt} className="face-preview" width={240} onError={() => setUnshown(dataUrl)} />;
}
