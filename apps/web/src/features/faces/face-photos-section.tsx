import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_PHOTOS_PER_PERSON, photoMessages, type FacePhoto, type FaceSummary } from '@seva/shared';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { formatDate } from '../../lib/dates.ts';
import { addPhotoOf } from '../../lib/paths.ts';
import { useFacePhotos } from './api/get-face-photos.ts';
import { DeletePhotoDialog } from './delete-photo-dialog.tsx';
import { FaceImage } from './face-image.tsx';
import { loadErrorMessage } from './load-error-message.ts';

/**
 * The person's photos in their details (issue #32): each with when and by whom it was added and its quality, a way to
 * delete it, and a way to add another. The last photo is not offered for deletion: the person is deleted instead, and
 * the list says so where the button would be.
 */
export function FacePhotosSection({ email, face }: { email: string; face: FaceSummary }) {
  const { t, i18n } = useLingui();
  const localise = useLocalise();
  const photos = useFacePhotos(face.face_id);
  const [deleting, setDeleting] = useState<FacePhoto | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refocus = useRefocus(heading);
  const list = photos.data?.photos ?? [];
  const person = { face_id: face.face_id, name: photos.data?.name ?? face.name };
  const { name } = person;
  const count = list.length;
  const status = photos.isPending ? t`Loading photos…` : done ? localise(done) : null;

  return (
    <section aria-labelledby="face-photos-heading" className="face-photos">
      <h3 id="face-photos-heading" ref={heading} tabIndex={-1}>
        <Trans>Photos</Trans>
      </h3>
      <p role="status" className={done ? 'notice notice-success' : 'visually-empty'}>
        {status}
      </p>
      <p role="alert" className={photos.isError ? 'notice notice-error' : 'visually-empty'}>
        {photos.isError ? loadErrorMessage(photos.error, i18n) : null}
      </p>
      {photos.data ? <p>{t`${plural(count, { one: '# photo', other: '# photos' })}`}</p> : null}
      {count ? (
        <ul className="face-photo-list">
          {list.map((photo) => (
            <PhotoItem
              key={photo.photo_id}
              photo={photo}
              name={name}
              onDelete={
                count > 1
                  ? () => {
                      setDone(null);
                      refocus.remember();
                      setDeleting(photo);
                    }
                  : null
              }
            />
          ))}
        </ul>
      ) : null}
      {photos.data ? (
        count >= MAX_PHOTOS_PER_PERSON ? (
          <p>{localise(photoMessages.tooManyPhotos)}</p>
        ) : (
          <p>
            <Link to={addPhotoOf(face.face_id)}>{t`Add a photo of ${name}`}</Link>
          </p>
        )
      ) : null}
      <DeletePhotoDialog
        email={email}
        person={person}
        photo={deleting}
        onClose={() => {
          setDeleting(null);
          refocus.restore();
        }}
        onDeleted={() => {
          setDeleting(null);
          setDone(photoMessages.photoDeleted);
          refocus.restore();
        }}
      />
    </section>
  );
}

/**
 * Where focus goes when the confirmation closes: back to the 'Delete photo' button that opened it, or, when that photo
 * is gone, to the list's heading. It waits for the modal's own restore, which cannot return to a nested dialog's opener.
 */
function useRefocus(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (!request) return;
    const frame = requestAnimationFrame(() => (opener.current?.isConnected ? opener.current : fallback.current)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [request, fallback]);
  return {
    remember: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    restore: () => setRequest((n) => n + 1),
  };
}

/** One photo: its number, when and by whom it was added, its quality; and 'Delete photo', or why it cannot be. */
function PhotoItem({ photo, name, onDelete }: { photo: FacePhoto; name: string; onDelete: (() => void) | null }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const { number } = photo;
  const added = formatDate(photo.added_at);
  const helper = photo.added_by ?? '';
  const quality = photo.quality === 'good' ? t`Good` : photo.quality === 'usable' ? t`Usable` : t`Not checked`;
  return (
    <li className="face-photo">
      {/* Decorative: the text beside it says whose photo it is and which. */}
      <FaceImage src={photo.photo_url} name={name} size={80} box={photo.face_box} alt="" />
      <div className="face-photo-text">
        <h4 className="face-photo-number">{t`Photo ${number}`}</h4>
        <p>
          {photo.added_by ? (
            <Trans comment="{helper} is the name of the helper who added the photo.">
              Added <time dateTime={photo.added_at}>{added}</time> by {helper}
            </Trans>
          ) : (
            <Trans>
              Added <time dateTime={photo.added_at}>{added}</time>
            </Trans>
          )}
        </p>
        <p>{t`Quality: ${quality}`}</p>
      </div>
      {onDelete ? (
        <Button variant="secondary" aria-label={t`Delete photo ${number} of ${name}`} onClick={onDelete}>
          {t`Delete photo`}
        </Button>
      ) : (
        <p className="face-photo-last">{localise(photoMessages.lastPhoto)}</p>
      )}
    </li>
  );
}
