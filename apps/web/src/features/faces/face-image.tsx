import { useState } from 'react';

export const FACE_PLACEHOLDER_SRC = '/face-placeholder.svg';

/**
 * A face's photo; SPEC §2: a broken image falls back to a placeholder. The text alternative is the face's name,
 * and says so when only the placeholder could be shown.
 */
export function FaceImage({ src, name, size, className }: { src: string; name: string; size: number; className?: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      src={broken ? FACE_PLACEHOLDER_SRC : src}
      alt={broken ? `${name} (photo not available)` : name}
      width={size}
      height={size}
      className={['face-image', className].filter(Boolean).join(' ')}
      onError={() => setBroken(true)}
    />
  );
}
