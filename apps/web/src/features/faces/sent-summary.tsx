import { Trans } from '@lingui/react/macro';
import type { FaceSubmission } from './naming-step.tsx';

/** What the glasses' face service was sent: the field names are the service's own, and stay as they are. */
export function SentSummary({ sent }: { sent: FaceSubmission }) {
  const { name, email, face_id: faceId, fileName, sizeKb } = sent;
  return (
    <>
      <p>
        <Trans>{name} was added to your faces. This data was sent:</Trans>
      </p>
      <dl className="data-list">
        <dt>name</dt>
        <dd>{name}</dd>
        <dt>email</dt>
        <dd>{email}</dd>
        <dt>face_id</dt>
        <dd>{faceId}</dd>
        <dt>file</dt>
        <dd>
          <Trans comment="{fileName} is the photo's file name; {sizeKb} its size in kilobytes.">
            {fileName} (about {sizeKb} KB)
          </Trans>
        </dd>
      </dl>
    </>
  );
}
