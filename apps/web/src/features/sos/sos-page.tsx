import { PageHeading } from '../../components/ui/page-heading.tsx';

export function SosPage() {
  return (
    <>
      <PageHeading>Emergency Contacts</PageHeading>
      <p>This SEVA screen is being built.</p>
    </>
  );
}
