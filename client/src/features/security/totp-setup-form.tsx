// Setting up an authenticator app: the QR code to scan, the same key as text for an app that cannot
// scan (grouped in fours, as apps show and people read it), and the first code the app shows, which
// proves both sides agree before TOTP is turned on (auth.totpEnable answers the recovery codes).
import { useTranslation } from 'react-i18next';
import { totpEnableInput, type TotpSetup } from '../../../../shared/second-factor';
import { CopyButton } from '../../components/copy-button';
import { isShownOnFields, showFieldIssues } from '../../lib/field-issues';
import { trpc } from '../../lib/trpc';
import { QrCodeImage } from './qr-code-image';
import { useFocusOnMount } from './use-focus-on-mount';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SecretField } from '../../components/secret-field';
import { FormFailure } from '../../components/form-failure';
import { SubmitButton } from '../../components/submit-button';


/** "JBSW Y3DP EHPK 3PXP": the key in groups of four, easier to read and to type. */
export const groupInFours = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface TotpSetupFormProps {
  setup: TotpSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

export function TotpSetupForm({ setup, onEnabled, onCancel }: TotpSetupFormProps) {
  const { t } = useTranslation('security');
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const { field, handleSubmit, setError } = useSchemaForm(totpEnableInput, { code: '' });
  // The recovery codes are shown once: no cache keeps them after the next screen.
  const enable = trpc.auth.totpEnable.useMutation({
    gcTime: 0,
    onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
    onError: (error) => showFieldIssues(error, ['code'], setError),
  });
  const onSubmit = handleSubmit((values) => enable.mutate(values));
  const shownOnField = isShownOnFields(enable.error, ['code']);

  return (
    <div className="totp-setup">
      <h3 ref={headingRef} tabIndex={-1} className="security-stage__title">
        {t('totp.setupTitle')}
      </h3>
      <p>{t('totp.scan')}</p>
      <QrCodeImage text={setup.otpauthUri} alt={t('totp.qrAlt')} />
      <div className="totp-setup__key">
        <p>{t('totp.cannotScan')}</p>
        <p className="totp-setup__key-row">
          <code className="secret-text totp-secret">
            {groupInFours(setup.secret)}
          </code>
          <CopyButton text={setup.secret} label={t('totp.copyKey')} />
        </p>
      </div>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormFailure error={shownOnField ? null : enable.error} fallbackKey="security:totp.enableFailed" />
        <SecretField label={t('totp.code')} hint={t('totp.codeHint')} kind="oneTimeCode" {...field('code')} />
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
          <SubmitButton label={t('totp.enable')} pendingLabel={t('totp.enabling')} pending={enable.isPending} />
        </div>
      </form>
    </div>
  );
}
