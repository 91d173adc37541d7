// Copies a text to the clipboard and says so beside the button, politely; where the browser refuses
// (no permission, an insecure page) it says to select the text and copy it by hand instead.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CopyButtonProps {
  text: string;
  label: string;
  className?: string;
}

export function CopyButton({ text, label, className = 'button button--secondary button--small' }: CopyButtonProps) {
  const { t } = useTranslation('common');
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <span className="copy-button">
      <button type="button" className={className} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-button__outcome">
        {outcome === 'copied' ? t('copy.done') : outcome === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
