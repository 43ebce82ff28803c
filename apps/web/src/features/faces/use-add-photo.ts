import { useLingui } from '@lingui/react/macro';
import { faceFileName, imageTypeOfDataUrl } from '@seva/shared';
import { useState } from 'react';
import { useAddFacePhoto } from './api/add-face-photo.ts';
import { dataUrlToBlob } from './data-url.ts';
import { addPhotoErrorMessage } from './photo-refusal.ts';

/** The person a photo goes to. */
export interface Person {
  face_id: string;
  name: string;
}

/**
 * Adds the photo taken or chosen to a person kept already (issue #32), sent as store_face sends a new face's: named
 * after the person. `added` is whom it went to, once it has; a refusal or failure is handed to `onRefused` in words.
 */
export function useAddPhoto(email: string, onRefused: (message: string) => void) {
  const { i18n } = useLingui();
  const mutation = useAddFacePhoto(email);
  const [added, setAdded] = useState<Person | null>(null);
  const add = async (person: Person, dataUrl: string) => {
    try {
      await mutation.mutateAsync({ faceId: person.face_id, file: dataUrlToBlob(dataUrl), fileName: faceFileName(person.name, imageTypeOfDataUrl(dataUrl)) });
      setAdded(person);
    } catch (error) {
      onRefused(addPhotoErrorMessage(error, i18n));
    }
  };
  return { add, added, adding: mutation.isPending ? (mutation.variables?.faceId ?? null) : null };
}
