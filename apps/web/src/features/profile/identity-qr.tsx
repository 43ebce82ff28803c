import { Trans, useLingui } from '@lingui/react/macro';
import { IDENTITY_QR, identityQrText, type SessionUser } from '@seva/shared';

/** product §3: the identity QR from the user record, with a text alternative that says what it holds. */
export function IdentityQr({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const text = identityQrText(user.license_id, user.email, user.version);
  const licenseId = user.license_id;
  return (
    <section className="card profile-qr" aria-labelledby="profile-qr-heading">
      <h2 id="profile-qr-heading">
        <Trans>Identity QR code</Trans>
      </h2>
      {user.QRCode ? (
        <img
          src={user.QRCode}
          width={IDENTITY_QR.width}
          height={IDENTITY_QR.width}
          alt={t`Identity QR code for license ID ${licenseId}. It encodes: ${text}`}
        />
      ) : (
        <p>
          <Trans>Your identity QR code is not available yet. Please refresh the page.</Trans>
        </p>
      )}
      <p>
        <Trans>It holds your license ID, e-mail and version.</Trans>
      </p>
    </section>
  );
}
