import { PageHeading } from '../../components/ui/page-heading.tsx';

export function AddFacePage() {
  return (
    <>
      <PageHeading>Face Registration</PageHeading>
      <p>This SEVA screen is being built.</p>
    </>
  );
}
