import { Trans } from '@lingui/react/macro';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { FaceGuidelines } from './face-guidelines.tsx';

/** What the screen's one live region says: busy or done (polite), or an error (assertive). */
export interface ScreenStatus {
  tone: 'info' | 'success' | 'error';
  text: string;
}

interface AddPhotoLayoutProps {
  heading: string;
  intro: ReactNode;
  status: ScreenStatus | null;
  /** Holds the step, whose heading takes focus when the step changes (use-step-focus.ts). */
  stepRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}

/** /faces/add, for a new face or another photo of a person kept already: the step, the way back, the guidelines. */
export function AddPhotoLayout({ heading, intro, status, stepRef, children }: AddPhotoLayoutProps) {
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <p>{intro}</p>
      <StatusRegion tone={status?.tone ?? 'info'} message={status?.text ?? null} />
      <div className="add-face-layout">
        <div ref={stepRef}>
          {children}
          <p>
            <Link to={paths.faces} className="button button-secondary">
              <Trans>RETURN TO FACES</Trans>
            </Link>
          </p>
        </div>
        <FaceGuidelines />
      </div>
    </>
  );
}
