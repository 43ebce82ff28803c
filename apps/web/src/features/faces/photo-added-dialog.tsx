import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { paths } from '../../lib/paths.ts';
import type { Person } from './use-add-photo.ts';

/** Says the photo was added to `person` (issue #32); its one answer goes to /faces, as 'Face registered' does. */
export function PhotoAddedDialog({ person }: { person: Person | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const name = person?.name ?? '';
  return (
    <ModalDialog title={t`Photo added`} role="alertdialog" isOpen={person !== null} dismissable={false} onClose={() => navigate(paths.faces)}>
      <p>{t`The photo was added to ${name}. Your glasses will use it to recognise them.`}</p>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the alert's one answer takes focus (WAI-ARIA alertdialog), so Enter goes on */}
      <Button autoFocus onClick={() => navigate(paths.faces)}>
        <Trans>OK</Trans>
      </Button>
    </ModalDialog>
  );
}
