import { PageHeading } from '../../components/ui/page-heading.tsx';

export function UpdatesPage() {
  return (
    <>
      <PageHeading>Scan QR codes to install or update the SEVA features</PageHeading>
      <p>This SEVA screen is being built.</p>
    </>
  );
}
