// A button that fetches a file the API answers as an attachment (the FHIR export, the audit CSV) with
// the session's token and saves it under the server's file name. A failure is said beside the button in
// the user's language; a mutation, so that a 401 signs the user out like every other call
// (query-client.ts).
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../lib/download-file';
import { translateApiError } from '../lib/translate-error';

interface DownloadButtonProps {
  url: string;
  /** The file's name when the server gives none. */
  fallbackName: string;
  label: string;
  /** The label while the file is being fetched. */
  preparingLabel: string;
  /** The button's title: what the file holds. */
  hint: string;
  /** The sentence that starts a failure; the server's reason follows. */
  failedLabel: string;
  /** A full key (namespace:key) for the reason when the server gave none (the network was down). */
  networkKey: string;
  /** The wrapper's class, for the page's layout. */
  className: string;
}

export function DownloadButton({ url, fallbackName, label, preparingLabel, hint, failedLabel, networkKey, className }: DownloadButtonProps) {
  const { t } = useTranslation();
  const download = useMutation({ mutationFn: () => downloadFile(url, fallbackName) });
  return (
    <div className={className}>
      <button type="button" className="button button--secondary" onClick={() => download.mutate()} disabled={download.isPending} title={hint}>
        {download.isPending ? preparingLabel : label}
      </button>
      {download.isError && (
        <p role="alert" className="alert alert--error">
          {failedLabel} {translateApiError(t, download.error, networkKey)}
        </p>
      )}
    </div>
  );
}
