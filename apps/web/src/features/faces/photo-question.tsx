import type { ReactNode } from 'react';
import { PhotoPreview } from './photo-preview.tsx';

/**
 * A step that asks about the photo taken or chosen (whose it is, whether to add it), before anything is kept: the
 * question as the step's heading, which takes focus, the photo, and the answers as buttons.
 */
export function PhotoQuestion({ id, question, dataUrl, alt, children }: { id: string; question: string; dataUrl: string; alt: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} tabIndex={-1} data-step-heading>
        {question}
      </h2>
      <div className="naming-grid">
        <PhotoPreview dataUrl={dataUrl} alt={alt} />
        <div className="actions photo-question-actions">{children}</div>
      </div>
    </section>
  );
}
