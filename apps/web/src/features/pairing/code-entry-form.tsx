import { Trans } from '@lingui/react/macro';
import { deviceMessages, type pairingCodeSchema } from '@seva/shared';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Form, type ZodForm } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { PAIRING_HELP_ID, paths } from '../../lib/paths.ts';

type PairingCodeForm = ZodForm<z.input<typeof pairingCodeSchema>, z.output<typeof pairingCodeSchema>>;

const HINT = /*i18n*/ '8 letters and digits, like KXRT-7M4P. Capitals, spaces and the dash are optional.';
/** Said with a code that came in the link (?code=): the user confirms it is theirs (RFC 8628 §5.4, remote phishing). */
const PREFILLED_HINT = /*i18n*/ '8 letters and digits, like KXRT-7M4P. Capitals, spaces and the dash are optional. Check that it is the code your glasses say.';

/**
 * Step 1 of /pair: the code the glasses say. The shared schema checks and normalises it (upper case, no spaces or
 * dash), so 'kxrt 7m4p' is KXRT7M4P; the server says whether glasses are waiting for it.
 */
export function CodeEntryForm(props: { form: PairingCodeForm; prefilled: boolean; busy: boolean; failure: string | null; onSubmit: (code: string) => Promise<void> }) {
  const { form, prefilled, busy, failure, onSubmit } = props;
  const { register, formState } = form;
  return (
    <div className="card">
      <p>
        <Trans>
          Start pairing on your SEVA glasses (give them the pair command) and they say a pairing code. Type it here to let them use your SEVA
          account. <Link to={`${paths.help}#${PAIRING_HELP_ID}`}>How to get a pairing code from your glasses</Link>
        </Trans>
      </p>
      <Form form={form} onSubmit={({ code }) => onSubmit(code)} failure={failure} className="form">
        <TextField
          label={deviceMessages.pairingCodeLabel}
          hint={prefilled ? PREFILLED_HINT : HINT}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="pairing-code-field"
          {...register('code')}
          error={formState.errors.code?.message}
        />
        <Button type="submit" busy={busy}>
          <Trans>Continue</Trans>
        </Button>
      </Form>
    </div>
  );
}
