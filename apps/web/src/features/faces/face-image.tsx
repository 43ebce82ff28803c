import { useLingui } from '@lingui/react/macro';
import type { FaceBox } from '@seva/shared';
import { useState } from 'react';
import { faceObjectPosition } from './face-crop.ts';

const FACE_PLACEHOLDER_SRC = '/face-placeholder.svg';

/**
 * A face's photo; product §2: a broken image falls back to a placeholder. The text alternative is the face's name,
 * and says so when only the placeholder could be shown. Given the face's box, a square thumbnail shows the face
 * (face-crop.ts); without one it shows the whole photo's middle, or, with the class face-image-large, the whole photo.
 * `alt` replaces the name as the text alternative ('' where the text beside it already says whose photo it is).
 */
export function FaceImage({ src, name, size, className, box, alt }: { src: string; name: string; size: number; className?: string; box?: FaceBox | undefined; alt?: string }) {
  const { t } = useLingui();
  const [broken, setBroken] = useState(false);
  const position = broken ? undefined : faceObjectPosition(box);
  return (
    <img
      src={broken ? FACE_PLACEHOLDER_SRC : src}
      alt={alt ?? (broken ? t`${name} (photo not available)` : name)}
      width={size}
      height={size}
      className={['face-image', className].filter(Boolean).join(' ')}
      style={position ? { objectPosition: position } : undefined}
      onError={() => setBroken(true)}
    />
  );
}
