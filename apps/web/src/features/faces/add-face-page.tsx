import { Trans, useLingui } from '@lingui/react/macro';
import { faceMessages } from '@seva/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { useFaces } from './api/get-faces.ts';
import { recognizeFace } from './api/recognize-face.ts';
import { useStoreFace } from './api/store-face.ts';
import { CameraCapture } from './camera-capture.tsx';
import { ConsentPanel } from './consent-panel.tsx';
import { dataUrlToBlob } from './data-url.ts';
import { FaceGuidelines } from './face-guidelines.tsx';
import { NamingStep, type FaceSubmission } from './naming-step.tsx';
import { SentSummary } from './sent-summary.tsx';
import { faceCountRefusal, isPhotoRefusal, storeFaceErrorMessage } from './photo-refusal.ts';
import { UploadPicker } from './upload-picker.tsx';

type Method = 'camera' | 'upload';
interface Picked {
  dataUrl: string;
  faceId: string;
  method: Method;
}

/** /faces/add, Face Registration (product §2, §4, §5). */
export function AddFacePage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { data: user } = useSession();
  const email = user?.email ?? '';
  const faces = useFaces(email);
  const storeFace = useStoreFace();
  const [consent, setConsent] = useState(false);
  const [method, setMethod] = useState<Method | null>(null);
  // A photo goes from checking (one face?) to picked (naming), or back to its step with the reason it was refused.
  const [checking, setChecking] = useState<Picked | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [lookalike, setLookalike] = useState<string | null>(null);
  const latestPick = useRef('');
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [sent, setSent] = useState<FaceSubmission | null>(null);
  const stepRef = useStepFocus(picked ? 'naming' : (method ?? 'choice'));

  const choose = (next: Method | null) => {
    latestPick.current = '';
    setMethod(next);
    setChecking(null);
    setPicked(null);
    setRefusal(null);
    setNotice(null);
  };

  /**
   * A photo taken or chosen is checked at once, as store_face will check it: one face, or it is refused here, before
   * any naming, with the reason beside the control that gives another. The same answer says whom it looks like. When
   * the check itself cannot run, naming goes on and store_face decides.
   */
  const pick = (dataUrl: string, from: Method) => {
    const faceId = crypto.randomUUID();
    const photo = { dataUrl, faceId, method: from };
    latestPick.current = faceId;
    setChecking(photo);
    setRefusal(null);
    setLookalike(null);
    setNotice(null);
    const accept = (lookalikeName: string | null) => {
      setChecking(null);
      setPicked(photo);
      setLookalike(lookalikeName);
    };
    const refuse = (reason: string) => {
      setChecking(null);
      setRefusal(reason);
    };
    // Only the answer about the latest photo counts; a late answer about an earlier one is dropped.
    recognizeFace(email, dataUrlToBlob(dataUrl)).then(
      (answer) => {
        if (latestPick.current !== faceId) return;
        const reason = faceCountRefusal(answer.faceCount);
        if (reason) refuse(reason);
        else accept(answer.match?.name ?? null);
      },
      (error: unknown) => {
        if (latestPick.current !== faceId) return;
        if (isPhotoRefusal(error)) refuse(error.message);
        else accept(null);
      },
    );
  };

  const register = async (submission: FaceSubmission) => {
    if (!picked) return;
    if (!email) return setNotice({ tone: 'error', text: faceMessages.userEmailMissing });
    setNotice(null);
    try {
      await storeFace.mutateAsync({
        file: dataUrlToBlob(picked.dataUrl),
        fileName: submission.fileName,
        name: submission.name,
        email,
        face_id: submission.face_id,
      });
      setSent(submission);
    } catch (error) {
      setNotice({ tone: 'error', text: storeFaceErrorMessage(error, i18n) });
    }
  };

  const status = storeFace.isPending
    ? t`Registering the face. This takes a few seconds…`
    : checking
      ? t`Checking the photo for one face…`
      : null;

  return (
    <>
      <PageHeading>{screenHeadings[paths.addFace]}</PageHeading>
      <p>
        <Trans>Teach your SEVA glasses a face: give consent, take or upload a photo of one face, then name it.</Trans>
      </p>
      <StatusRegion tone={status ? 'info' : (notice?.tone ?? 'info')} message={status ?? notice?.text ?? null} />
      <div className="add-face-layout">
        <div ref={stepRef}>
          {picked ? (
            <NamingStep
              key={picked.faceId}
              dataUrl={picked.dataUrl}
              faceId={picked.faceId}
              email={email}
              // The face this screen has just registered is not a clash with its own name.
              existingNames={(faces.data ?? []).filter((f) => f.face_id !== picked.faceId).map((f) => f.name)}
              lookalike={lookalike}
              processing={storeFace.isPending}
              retakeLabel={picked.method === 'camera' ? t`Retake` : t`Choose another image`}
              onRetake={() => choose(picked.method)}
              onRegister={register}
            />
          ) : method === 'camera' ? (
            <CameraCapture
              email={email}
              checking={checking !== null}
              refusal={refusal}
              onCapture={(dataUrl) => pick(dataUrl, 'camera')}
              onChangeMethod={() => choose(null)}
              onUnavailable={(text) => {
                choose(null);
                setNotice({ tone: 'error', text });
              }}
            />
          ) : method === 'upload' ? (
            <UploadPicker
              checking={checking !== null}
              refusal={refusal}
              onPicked={(dataUrl) => pick(dataUrl, 'upload')}
              onChangeMethod={() => choose(null)}
            />
          ) : (
            <MethodChoice consent={consent} onConsent={setConsent} onChoose={choose} />
          )}
          <p>
            <Link to={paths.faces} className="button button-secondary">
              <Trans>RETURN TO FACES</Trans>
            </Link>
          </p>
        </div>
        <FaceGuidelines />
      </div>
      <ModalDialog
        title={t`Face registered`}
        role="alertdialog"
        isOpen={sent !== null}
        dismissable={false}
        onClose={() => navigate(paths.faces)}
      >
        {sent ? (
          <>
            <SentSummary sent={sent} />
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the alert's one answer takes focus (WAI-ARIA alertdialog), so Enter goes on */}
            <Button autoFocus onClick={() => navigate(paths.faces)}>
              <Trans>OK</Trans>
            </Button>
          </>
        ) : null}
      </ModalDialog>
    </>
  );
}

/**
 * When the step changes (method chosen, photo taken or picked, retake, change of method), focus goes to the new step's
 * heading: the control that led there is gone, and a screen reader then says where the user is.
 */
function useStepFocus(step: string) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    ref.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [step]);
  return ref;
}

function MethodChoice({ consent, onConsent, onChoose }: { consent: boolean; onConsent: (v: boolean) => void; onChoose: (m: Method) => void }) {
  return (
    <>
      <ConsentPanel consent={consent} onChange={onConsent} />
      <section aria-labelledby="method-heading" className="card">
        <h2 id="method-heading" tabIndex={-1} data-step-heading>
          <Trans>Choose how to add the photo</Trans>
        </h2>
        {!consent ? (
          <p id="consent-needed">
            <Trans>Give consent above to choose a method.</Trans>
          </p>
        ) : null}
        <div className="actions">
          <Button disabled={!consent} aria-describedby={consent ? undefined : 'consent-needed'} onClick={() => onChoose('camera')}>
            <Trans>USE CAMERA</Trans>
          </Button>
          <Button disabled={!consent} aria-describedby={consent ? undefined : 'consent-needed'} onClick={() => onChoose('upload')}>
            <Trans>UPLOAD IMAGE</Trans>
          </Button>
        </div>
      </section>
    </>
  );
}
