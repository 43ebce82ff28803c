/** product §2: the seven tips for a photo the glasses can learn from. */
const TIPS = [
  'Only one face in the picture.',
  'No sunglasses, headsets, hats or scarves.',
  'A plain, neutral background.',
  'Good, even lighting on the face.',
  'Face the camera straight on, with the face centred.',
  'No extreme angles: keep the head level.',
  'Nothing covering the eyes or mouth.',
] as const;

export function FaceGuidelines() {
  return (
    <section aria-labelledby="guidelines-heading" className="card guidelines">
      <h2 id="guidelines-heading">Guidelines for a good photo</h2>
      <ol>
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ol>
    </section>
  );
}
