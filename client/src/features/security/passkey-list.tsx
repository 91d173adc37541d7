// The account's passkeys: each one's name, when it was added and when it last signed in, in the
// user's language, and a button to remove it (named after the passkey for screen readers).
import { useTranslation } from 'react-i18next';
import type { Passkey } from '../../../../shared/second-factor';
import { useFormatters } from '../../lib/use-formatters';

interface PasskeyListProps {
  passkeys: Passkey[];
  onRemove: (passkey: Passkey) => void;
}

export function PasskeyList({ passkeys, onRemove }: PasskeyListProps) {
  const { t } = useTranslation('security');
  const format = useFormatters();
  if (passkeys.length === 0) return <p className="security-note">{t('passkeys.none')}</p>;

  return (
    <ul className="passkey-list" aria-label={t('passkeys.listLabel')}>
      {passkeys.map((passkey) => (
        <li key={passkey.idPasskey} className="passkey-list__item">
          <div>
            <p className="passkey-list__name">{passkey.name}</p>
            <p className="passkey-list__dates">
              {t('passkeys.created', { date: format.day(passkey.createdAt) })}
              {' · '}
              {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: format.date(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
            </p>
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('passkeys.removeLabel', { name: passkey.name })}
            onClick={() => onRemove(passkey)}
          >
            {t('passkeys.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}
