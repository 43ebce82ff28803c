import { PageHeading } from '../../components/ui/page-heading.tsx';

export function ProfilePage() {
  return (
    <>
      <PageHeading>User Profile</PageHeading>
      <p>This SEVA screen is being built.</p>
    </>
  );
}
