import { PageHeading } from '../../components/ui/page-heading.tsx';

export function FacesPage() {
  return (
    <>
      <PageHeading>Face Management Console</PageHeading>
      <p>This SEVA screen is being built.</p>
    </>
  );
}
