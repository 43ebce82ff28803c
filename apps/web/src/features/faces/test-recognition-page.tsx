import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { testRecognition } from './api/test-recognition.ts';
import { isPhotoRefusal } from './photo-refusal.ts';
import { PhotoSource } from './photo-source.tsx';
import { RecognitionAnswer } from './recognition-answer.tsx';
import { usePhotoCheck } from './use-photo-check.ts';
import { useStepFocus } from './use-step-focus.ts';

/**
 * /faces/test, Test recognition (issue #32): a photo from the camera or a file, and who the glasses would say it shows.
 * Nothing is kept or logged (POST /face-api/test_recognition), so no consent is asked.
 */
export function TestRecognitionPage() {
  const { t } = useLingui();
  const { data: user } = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const check = usePhotoCheck(user?.email ?? '', () => setNotice(null), testRecognition);
  const stepRef = useStepFocus(check.method ?? 'choice');
  const { checked } = check;
  // The check could not run (the server busy or out of reach): not an answer about the photo.
  const failure = checked && !checked.answer && !isPhotoRefusal(checked.error) ? (checked.error instanceof Error ? checked.error.message : String(checked.error)) : null;
  const error = failure ?? notice;

  return (
    <>
      <PageHeading>{screenHeadings[paths.testRecognition]}</PageHeading>
      <p>
        <Trans>Take or upload a photo to find out whom your SEVA glasses would recognise in it, and how sure they would be.</Trans>
      </p>
      <p>
        <strong>
          <Trans>This photo is not kept.</Trans>
        </strong>
      </p>
      <StatusRegion tone={error ? 'error' : 'info'} message={check.checking ? t`Checking who this is…` : error} />
      <div className="test-recognition" ref={stepRef}>
        <PhotoSource
          check={check}
          email={user?.email ?? ''}
          refusal={null}
          methodHeading={t`Choose how to take the photo`}
          uploadLabel={t`Choose a photo to test (JPEG, PNG, WebP or HEIC, at most 5 MB)`}
          oneFaceOnly={false}
          onUnavailable={setNotice}
        />
        <RecognitionAnswer checked={checked} />
      </div>
      <p>
        <Link to={paths.faces} className="button button-secondary">
          <Trans>RETURN TO FACES</Trans>
        </Link>
      </p>
    </>
  );
}
