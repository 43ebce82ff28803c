import { Trans, useLingui } from '@lingui/react/macro';
import { normalizeUserCode, onlyWearerCan, type PairedDevice, type PendingPairing, fill } from '@seva/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useHelper, useSession } from '../../lib/session.ts';
import { useAllowPairing } from './api/allow-pairing.ts';
import { useCheckPairingCode } from './api/check-pairing-code.ts';
import { useDenyPairing } from './api/deny-pairing.ts';
import { CodeEntryForm } from './code-entry-form.tsx';
import { pairingRefusal } from './pairing-refusal.ts';
import { PairingRequest } from './pairing-request.tsx';

/** Where /pair is: the code, the glasses waiting for it, or the answer given. */
type Step =
  | { kind: 'entry' }
  | { kind: 'request'; pending: PendingPairing }
  | { kind: 'paired'; device: PairedDevice; message: string }
  | { kind: 'denied'; message: string };

const checkedMessage = (pending: PendingPairing) => fill(/*i18n*/ 'Code {code} checked. Glasses waiting to pair: {name}.', { code: pending.code, name: pending.deviceName });

/**
 * /pair (issue #10): the user types the code the glasses say (or arrives with it in `?code=` from the glasses' link),
 * sees which glasses wait for it, when and from where they asked, and what they will be able to do, and allows (with
 * their password) or denies. Each step moves focus to the page
 * heading and says what happened in the status region; a refusal says why, on the field when it is about the code.
 */
export function PairPage() {
  // Only the wearer pairs glasses (issue #18): a helper who opens the glasses' link is told so, and nothing is asked.
  return useHelper() ? <WearerOnly /> : <PairGlasses />;
}

function WearerOnly() {
  const { t } = useLingui();
  const wearer = useSession().data?.username ?? t`the wearer`;
  return (
    <>
      <PageHeading>{screenHeadings[paths.pair]}</PageHeading>
      <StatusRegion tone="error" message={onlyWearerCan(wearer)} />
      <p>
        <Trans>Glasses are paired by the person who wears them, signed in with their own license ID. {wearer} can pair them from their profile.</Trans>
      </p>
      <p>
        <Link to={paths.dashboard}>
          <Trans>Go to the dashboard</Trans>
        </Link>
      </p>
    </>
  );
}

function PairGlasses() {
  const { i18n, t } = useLingui();
  const [params] = useSearchParams();
  const linked = params.get('code') ?? '';
  const [step, setStep] = useState<Step>({ kind: 'entry' });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(() => import('../../lib/form-rules/pairing-code.ts'), { defaultValues: { code: linked } });
  const check = useCheckPairingCode();
  const allow = useAllowPairing();
  const deny = useDenyPairing();

  /**
   * A refused code: on the field when the code is the reason (the entry form comes back if it was gone). A refusal
   * while the code is typed is said in the form's error summary; one of 'Allow' or 'Deny', in the screen's alert.
   */
  const refuse = (error: unknown) => {
    const refusal = pairingRefusal(error, i18n);
    setFailure(refusal.message);
    if (!refusal.aboutCode) return;
    const fieldShown = step.kind === 'entry';
    form.setError('code', { type: 'server', message: refusal.message });
    if (!fieldShown) setStep({ kind: 'entry' });
  };

  const onCheck = async (code: string) => {
    setFailure(null);
    allow.reset();
    deny.reset();
    try {
      setStep({ kind: 'request', pending: await check.mutateAsync(code) });
    } catch (error) {
      refuse(error);
    }
  };
  /** 'Allow' with the password: a wrong one goes back to its form (on the field and in the error summary), anything else as refused. */
  const allowWith = (pending: PendingPairing) => async (password: string) => {
    setFailure(null);
    try {
      const { message, device } = await allow.mutateAsync({ code: pending.code, password });
      setStep({ kind: 'paired', device, message });
    } catch (error) {
      if (error instanceof ApiError && error.field === 'password') throw error;
      refuse(error);
    }
  };
  const denyCode = (pending: PendingPairing) => async () => {
    setFailure(null);
    try {
      setStep({ kind: 'denied', message: (await deny.mutateAsync(pending.code)).message });
    } catch (error) {
      refuse(error);
    }
  };
  const startAgain = () => {
    setFailure(null);
    form.reset({ code: '' });
    setStep({ kind: 'entry' });
  };

  // While the code is typed, a refusal is the form's (its error summary); afterwards, the screen's alert. Once 'Allow'
  // or 'Deny' was tried, the code's check is not said again: a wrong password is the error summary's alone.
  const status =
    failure && step.kind !== 'entry'
      ? { tone: 'error' as const, message: failure }
      : step.kind === 'entry'
        ? { tone: 'info' as const, message: check.isPending ? t`Checking the code…` : null }
        : step.kind === 'request'
          ? { tone: 'info' as const, message: allow.isPending ? t`Pairing the glasses…` : deny.isPending ? t`Refusing the pairing…` : allow.isIdle && deny.isIdle ? checkedMessage(step.pending) : null }
          : { tone: step.kind === 'paired' ? ('success' as const) : ('info' as const), message: step.message };

  const deviceName = step.kind === 'paired' ? step.device.name : '';

  return (
    <div className="page-narrow">
      <PageHeading focusKey={step.kind}>{screenHeadings[paths.pair]}</PageHeading>
      <StatusRegion tone={status.tone} message={status.message} />
      {step.kind === 'entry' ? <CodeEntryForm form={form} prefilled={linked !== ''} busy={check.isPending} failure={failure} onSubmit={onCheck} /> : null}
      {step.kind === 'request' ? (
        <PairingRequest
          pending={step.pending}
          fromLink={linked !== '' && normalizeUserCode(linked) === normalizeUserCode(step.pending.code)}
          busy={allow.isPending ? 'allow' : deny.isPending ? 'deny' : null}
          onAllow={allowWith(step.pending)}
          onDeny={denyCode(step.pending)}
        />
      ) : null}
      {step.kind === 'paired' ? (
        <div className="card">
          <p>
            <Trans>{deviceName} can now reach your SEVA account: they collect their access within a few seconds. We have sent you an e-mail about it.</Trans>
          </p>
          <p>
            <Trans>
              You can unpair them at any time on <Link to={paths.profile}>your profile</Link>.
            </Trans>
          </p>
          <Button variant="secondary" onClick={startAgain}>
            <Trans>Pair other glasses</Trans>
          </Button>
        </div>
      ) : null}
      {step.kind === 'denied' ? (
        <div className="card">
          <p>
            <Trans>To pair these glasses later, ask them for a new code.</Trans>
          </p>
          <Button variant="secondary" onClick={startAgain}>
            <Trans>Pair other glasses</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
