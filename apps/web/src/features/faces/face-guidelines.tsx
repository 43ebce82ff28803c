import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** product §2: the seven tips for a photo the glasses can learn from. */
const TIPS = [
  msg`Only one face in the picture.`,
  msg`No sunglasses, headsets, hats or scarves.`,
  msg`A plain, neutral background.`,
  msg`Good, even lighting on the face.`,
  msg`Face the camera straight on, with the face centred.`,
  msg`No extreme angles: keep the head level.`,
  msg`Nothing covering the eyes or mouth.`,
] as const;

export function FaceGuidelines() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="guidelines-heading" className="card guidelines">
      <h2 id="guidelines-heading">
        <Trans>Guidelines for a good photo</Trans>
      </h2>
      <ol>
        {TIPS.map((tip) => (
          <li key={tip.id}>{i18n._(tip)}</li>
        ))}
      </ol>
    </section>
  );
}
