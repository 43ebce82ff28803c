import type { RecognizeAnswer } from '@seva/shared';
import { useRef, useState } from 'react';
import { recognizeFace } from './api/recognize-face.ts';
import { dataUrlToBlob } from './data-url.ts';
import { isPhotoRefusal, photoRefusal } from './photo-refusal.ts';

export type PhotoMethod = 'camera' | 'upload';

/** A photo taken or chosen, and what the check (POST /face-api/recognize) said of it. */
export interface CheckedPhoto {
  /** New for every photo: the face_id a new face is stored under, and the key of its step. */
  id: string;
  dataUrl: string;
  method: PhotoMethod;
  /** null when the check could not run or refused the photo: `error` says why. */
  answer: RecognizeAnswer | null;
  error: unknown;
}

/**
 * The way to a photo, shared by adding a face, adding a photo and testing recognition: the method chosen, then each
 * photo taken or chosen is checked at once. Only the answer about the latest photo counts: a late answer about an
 * earlier one is dropped. `ask` is the check: recognize, or /faces/test's test_recognition.
 */
export function usePhotoCheck(email: string, onNewPhoto?: () => void, ask: typeof recognizeFace = recognizeFace) {
  const [method, setMethod] = useState<PhotoMethod | null>(null);
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<CheckedPhoto | null>(null);
  const latest = useRef('');

  /** Another method (or back to the choice, with null): whatever was being checked no longer counts. */
  const choose = (next: PhotoMethod | null) => {
    onNewPhoto?.();
    latest.current = '';
    setMethod(next);
    setChecking(false);
    setChecked(null);
  };

  const pick = (dataUrl: string, from: PhotoMethod) => {
    onNewPhoto?.();
    const id = crypto.randomUUID();
    latest.current = id;
    setChecking(true);
    setChecked(null);
    const settle = (answer: RecognizeAnswer | null, error: unknown) => {
      if (latest.current !== id) return;
      setChecking(false);
      setChecked({ id, dataUrl, method: from, answer, error });
    };
    ask(email, dataUrlToBlob(dataUrl)).then(
      (answer) => settle(answer, null),
      (error: unknown) => settle(null, error),
    );
  };

  return { method, checking, checked, choose, pick };
}

export type PhotoCheck = ReturnType<typeof usePhotoCheck>;

/**
 * Why the photo checked cannot be kept, said beside the control that gives another: the check's answer (no face,
 * several, a photo problem) or its refusal. null when it can be kept, or when the check could not run (the server
 * decides when the photo is sent).
 */
export function refusalOf(checked: CheckedPhoto | null): string | null {
  if (!checked) return null;
  if (checked.answer) return photoRefusal(checked.answer);
  return isPhotoRefusal(checked.error) ? checked.error.message : null;
}
