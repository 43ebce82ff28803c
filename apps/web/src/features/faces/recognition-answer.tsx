import { Trans, useLingui } from '@lingui/react/macro';
import { confidenceWords, faceMessages, photoImagePath, type FaceVerdict, type RecognizeAnswer } from '@seva/shared';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { isPhotoRefusal } from './photo-refusal.ts';
import { FaceImage } from './face-image.tsx';
import { PhotoPreview } from './photo-preview.tsx';
import type { CheckedPhoto } from './use-photo-check.ts';

type Verdict = Pick<FaceVerdict, 'person' | 'confidence' | 'runner_up'>;

/**
 * What recognition says of the photo tested (issue #32), as the glasses would: who each face is and how sure, left to
 * right, or why it cannot say. The words are a live region, so they are heard as they appear; focus stays where it is.
 */
export function RecognitionAnswer({ checked }: { checked: CheckedPhoto | null }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const { answer, error } = checked ?? { answer: null, error: null };
  return (
    <section aria-labelledby="answer-heading" className="card">
      <h2 id="answer-heading">
        <Trans>Answer</Trans>
      </h2>
      {checked ? null : (
        <p>
          <Trans>Take or choose a photo, and the answer appears here.</Trans>
        </p>
      )}
      <div role="status" aria-atomic="true" className="recognition-answer">
        {answer ? <AnswerText answer={answer} /> : isPhotoRefusal(error) ? <p>{localise(error.message)}</p> : null}
      </div>
      {checked ? <PhotoPreview dataUrl={checked.dataUrl} alt={t`The photo you tested`} /> : null}
    </section>
  );
}

function AnswerText({ answer }: { answer: RecognizeAnswer }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const count = answer.faces.length;
  if (answer.faceCount === 0 && count === 0) return <p>{localise(faceMessages.noFace)}</p>;
  if (count <= 1) return <VerdictText verdict={answer} problem={answer.photo_problem} />;
  return (
    <>
      <p>{t`This photo shows ${count} faces. From left to right:`}</p>
      <ol className="recognition-faces">
        {answer.faces.map((face, index) => (
          // Faces have no id of their own; their place, left to right, is what they are known by.
          <li key={index}>
            <VerdictText verdict={face} problem={null} />
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * One face: named only when recognition is sure enough to say the name (very or fairly sure), with the photo of theirs
 * that matched best; else why the photo would not do, or the honest 'not sure', or nobody.
 */
function VerdictText({ verdict, problem }: { verdict: Verdict; problem: string | null }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const { person, confidence, runner_up: runnerUp } = verdict;
  if (person && (confidence === 'very-sure' || confidence === 'fairly-sure')) {
    const { name } = person;
    return (
      <div className="recognition-verdict">
        <p>
          <strong>{t`This is ${name}.`}</strong> {localise(confidenceWords[confidence])}
        </p>
        <FaceImage src={photoImagePath(person.face_id, person.photo_id)} name={name} size={120} alt={t`The photo of ${name} that matched best`} />
      </div>
    );
  }
  if (problem) return <p>{localise(problem)}</p>;
  if (person) {
    const { name } = person;
    const other = runnerUp?.name ?? '';
    return (
      <p>
        <strong>{t`Not sure who this is.`}</strong> {runnerUp ? t`It could be ${name} or ${other}.` : t`It might be ${name}.`}
      </p>
    );
  }
  return <p>{t`This is not anyone in your faces.`}</p>;
}
