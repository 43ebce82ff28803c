import { faceMessages } from '@seva/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useFaces } from './api/get-faces.ts';
import { recognizeFace } from './api/recognize-face.ts';
import { useStoreFace } from './api/store-face.ts';
import { CameraCapture } from './camera-capture.tsx';
import { ConsentPanel } from './consent-panel.tsx';
import { dataUrlToBlob } from './data-url.ts';
import { FaceGuidelines } from './face-guidelines.tsx';
import { NamingStep, type FaceSubmission } from './naming-step.tsx';
import { UploadPicker } from './upload-picker.tsx';

type Method = 'camera' | 'upload';
interface Picked {
  dataUrl: string;
  faceId: string;
  method: Method;
}

/** /faces/add, Face Registration (SPEC §2, §4, §5). */
export function AddFacePage() {
  const navigate = useNavigate();
  const { data: user } = useSession();
  const email = user?.email ?? '';
  const faces = useFaces(email);
  const storeFace = useStoreFace();
  const [consent, setConsent] = useState(false);
  const [method, setMethod] = useState<Method | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [lookalike, setLookalike] = useState<string | null>(null);
  const latestPick = useRef('');
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [sent, setSent] = useState<FaceSubmission | null>(null);
  const stepRef = useStepFocus(picked ? 'naming' : (method ?? 'choice'));

  const choose = (next: Method | null) => {
    setMethod(next);
    setPicked(null);
    setNotice(null);
  };

  const pick = (dataUrl: string, from: Method) => {
    const faceId = crypto.randomUUID();
    latestPick.current = faceId;
    setPicked({ dataUrl, faceId, method: from });
    setLookalike(null);
    setNotice(null);
    // Only the answer about the photo now shown counts; a late answer about an earlier one is dropped.
    recognizeFace(email, dataUrlToBlob(dataUrl)).then(
      (answer) => {
        if (latestPick.current === faceId) setLookalike(answer.match?.name ?? null);
      },
      () => undefined,
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
      const reason = error instanceof ApiError ? error.message : String(error);
      setNotice({ tone: 'error', text: `Failed to store face data: ${reason}` });
    }
  };

  return (
    <>
      <PageHeading>Face Registration</PageHeading>
      <p>Teach your SEVA glasses a face: give consent, take or upload a photo of one face, then name it.</p>
      <StatusRegion
        tone={notice?.tone ?? 'info'}
        message={storeFace.isPending ? 'Registering the face. This takes a few seconds…' : (notice?.text ?? null)}
      />
      <div className="add-face-layout">
        <div ref={stepRef}>
          {picked ? (
            <NamingStep
              key={picked.faceId}
              dataUrl={picked.dataUrl}
              faceId={picked.faceId}
              email={email}
              existingNames={(faces.data ?? []).map((f) => f.name)}
              lookalike={lookalike}
              processing={storeFace.isPending}
              retakeLabel={picked.method === 'camera' ? 'RETAKE' : 'CHOOSE ANOTHER IMAGE'}
              onRetake={() => setPicked(null)}
              onRegister={register}
            />
          ) : method === 'camera' ? (
            <CameraCapture
              email={email}
              onCapture={(dataUrl) => pick(dataUrl, 'camera')}
              onChangeMethod={() => choose(null)}
              onUnavailable={(text) => {
                choose(null);
                setNotice({ tone: 'error', text });
              }}
            />
          ) : method === 'upload' ? (
            <UploadPicker onPicked={(dataUrl) => pick(dataUrl, 'upload')} onChangeMethod={() => choose(null)} />
          ) : (
            <MethodChoice consent={consent} onConsent={setConsent} onChoose={choose} />
          )}
          <p>
            <Link to="/faces" className="button button-secondary">
              RETURN TO FACES
            </Link>
          </p>
        </div>
        <FaceGuidelines />
      </div>
      <ModalDialog
        title="Face registered"
        role="alertdialog"
        isOpen={sent !== null}
        dismissable={false}
        onClose={() => navigate('/faces')}
      >
        {sent ? (
          <>
            <p>{sent.name} was added to your faces. This data was sent:</p>
            <dl className="data-list">
              <dt>name</dt>
              <dd>{sent.name}</dd>
              <dt>email</dt>
              <dd>{sent.email}</dd>
              <dt>face_id</dt>
              <dd>{sent.face_id}</dd>
              <dt>file</dt>
              <dd>
                {sent.fileName} (about {sent.sizeKb} KB)
              </dd>
            </dl>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the alert's one answer takes focus (WAI-ARIA alertdialog), so Enter goes on */}
            <Button autoFocus onClick={() => navigate('/faces')}>
              OK
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
        <h2 id="method-heading" tabIndex={-1} data-step-heading>Choose how to add the photo</h2>
        {!consent ? <p id="consent-needed">Give consent above to choose a method.</p> : null}
        <div className="actions">
          <Button disabled={!consent} aria-describedby={consent ? undefined : 'consent-needed'} onClick={() => onChoose('camera')}>
            USE CAMERA
          </Button>
          <Button disabled={!consent} aria-describedby={consent ? undefined : 'consent-needed'} onClick={() => onChoose('upload')}>
            UPLOAD IMAGE
          </Button>
        </div>
      </section>
    </>
  );
}
