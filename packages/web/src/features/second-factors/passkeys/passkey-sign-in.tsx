import FingerprintIcon from '@mui/icons-material/Fingerprint';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PasskeySignInProps {
  /** Signed in: the session holds the tokens and the user, as after a password sign-in. */
  onSignedIn: (user: SessionUser) => void;
  /** A failed call (a refused passkey, too many sign-ins from this address...): the sign-in page tells it. */
  onFailure: (error: unknown) => Promise<void>;
}

/**
 * "Se connecter avec une clé d'accès" on the sign-in page: no identifier, no password, the browser
 * offers the passkeys it holds for the portal. Shown only where the browser supports WebAuthn; a
 * cancelled ceremony is said here, and costs nothing.
 */
export function PasskeySignIn({ onSignedIn, onFailure }: PasskeySignInProps) {
  const { t } = useTranslation();
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!supported) return null;

  const start = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const { signInWithPasskey } = await import('./sign-in-flow');
      const result = await signInWithPasskey();
      if (result.kind === 'signedIn') onSignedIn(result.user);
      else if (result.kind === 'ceremony')
        setNotice(
          result.failure === 'cancelled'
            ? 'secondFactor.passkeys.signIn.cancelled'
            : 'secondFactor.passkeys.signIn.browserFailed',
        );
      else await onFailure(result.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<FingerprintIcon />}
        loading={busy}
        onClick={() => void start()}
      >
        {t('secondFactor.passkeys.signIn.action')}
      </Button>
      <div role="status">
        {notice && (
          <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
            {t(notice)}
          </Alert>
        )}
      </div>
    </>
  );
}
