import { PageHeading } from '../../components/ui/page-heading.tsx';

export function ManualPage() {
  return (
    <>
      <PageHeading>KNOWLEDGE BASE</PageHeading>
      <p>This SEVA screen is being built.</p>
    </>
  );
}
