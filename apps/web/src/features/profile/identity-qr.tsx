import { IDENTITY_QR, identityQrText, type SessionUser } from '@seva/shared';

/** product §3: the identity QR from the user record, with a text alternative that says what it holds. */
export function IdentityQr({ user }: { user: SessionUser }) {
  const text = identityQrText(user.license_id, user.email, user.version);
  return (
    <section className="card profile-qr" aria-labelledby="profile-qr-heading">
      <h2 id="profile-qr-heading">Identity QR code</h2>
      {user.QRCode ? (
        <img
          src={user.QRCode}
          width={IDENTITY_QR.width}
          height={IDENTITY_QR.width}
          alt={`Identity QR code for license ID ${user.license_id}. It encodes: ${text}`}
        />
      ) : (
        <p>Your identity QR code is not available yet. Please refresh the page.</p>
      )}
      <p>It holds your license ID, e-mail and version.</p>
    </section>
  );
}
