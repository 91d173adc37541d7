// The ten recovery codes, shown this once (the server keeps only their hashes): to copy, to download
// as a text file, and an "I have saved them" that closes the screen for good. They live in this
// component's props only; once it closes, nothing in the page keeps them.
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { saveBlob } from '../../lib/download-file';
import { useFocusOnMount } from './use-focus-on-mount';

interface RecoveryCodesProps {
  codes: string[];
  onDone: () => void;
}

export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation(['security', 'common']);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const asText = codes.join('\n');

  const download = () => {
    // A heading says what the file is, for whoever finds it later; Windows' Notepad wants \r\n.
    const text = `${t('recovery.fileHeading', { app: t('common:appName') })}\r\n\r\n${codes.join('\r\n')}\r\n`;
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), t('recovery.fileName'));
  };

  return (
    <div className="recovery-codes">
      <h3 ref={headingRef} tabIndex={-1} className="security-stage__title">
        {t('recovery.title')}
      </h3>
      <p className="security-banner">{t('recovery.onlyOnce')}</p>
      <p>{t('recovery.intro')}</p>
      <ul className="recovery-codes__list" aria-label={t('recovery.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code className="secret-text">{code}</code>
          </li>
        ))}
      </ul>
      <div className="recovery-codes__actions">
        <CopyButton text={asText} label={t('recovery.copy')} />
        <button type="button" className="button button--secondary button--small" onClick={download}>
          {t('recovery.download')}
        </button>
      </div>
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={onDone}>
          {t('recovery.saved')}
        </button>
      </div>
    </div>
  );
}
